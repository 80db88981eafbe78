import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A throwaway source tree holding `files` (relative path -> content), for the tests of the code checks. */
export function fixtureTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fixture-tree-'));
  made.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** Removes every tree fixtureTree made (in an afterEach). */
export function removeFixtureTrees(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
