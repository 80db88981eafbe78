import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.ts';

const fixtures: string[] = [];

/** A throwaway source tree holding `files` (relative path -> content). */
function fixtureTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  fixtures.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

afterEach(() => {
  for (const dir of fixtures.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('import cycle check', () => {
  it('finds two files importing each other', () => {
    const dir = fixtureTree({
      'orders/orders.service.ts': "import { notify } from '../notifications/notifications.service.ts';\nexport const orderHref = (id: string) => `/pedidos/${id}`;\nexport const x = notify;\n",
      'notifications/notifications.service.ts': "import { orderHref } from '../orders/orders.service.ts';\nexport const notify = () => orderHref('1');\n",
    });
    expect(findImportCycles(dir)).toEqual([['notifications/notifications.service.ts', 'orders/orders.service.ts', 'notifications/notifications.service.ts']]);
  });

  it('counts type-only imports and re-exports, and reports a longer circle as one closed path', () => {
    const dir = fixtureTree({
      'a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'b.ts': "export { c } from './c.ts';\nexport type B = number;\n",
      'c.ts': "import type { A } from './a.ts';\nexport const c = (a: A) => a;\n",
    });
    expect(findImportCycles(dir)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('passes a tree whose imports only go one way, and ignores packages', () => {
    const dir = fixtureTree({
      'a.ts': "import { b } from './b.ts';\nimport { z } from 'zod';\nexport const a = [b, z];\n",
      'b.ts': "import { c } from './c.ts';\nexport const b = c;\n",
      'c.ts': "import { z } from 'zod';\nexport const c = z;\n",
    });
    expect(findImportCycles(dir)).toEqual([]);
  });
});
