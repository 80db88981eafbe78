import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A statement built or run through Kysely: a query builder's start, a raw query, or `sql` (a template or one of its helpers). */
const KYSELY_CALL = /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)\(|\bsql(<[^>]*>)?`|\bsql\.(raw|ref|table|id|lit|join|val)\(/;

/**
 * Files under `root` that talk to Kysely while not being a repository (`*.repository.ts`),
 * as `file:line` (relative, with '/'). Tests are left out; so is each file whose path relative
 * to `root` starts with one of `allowed` (the database layer itself).
 */
export function kyselyCallsOutsideRepositories(root: string, allowed: readonly string[] = []): string[] {
  const dir = path.resolve(root);
  const found: string[] = [];
  const visit = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        visit(full);
        continue;
      }
      const file = path.relative(dir, full).split(path.sep).join('/');
      if (!/\.tsx?$/.test(name) || /\.(test|repository)\.ts$/.test(name) || allowed.some((prefix) => file.startsWith(prefix))) continue;
      readFileSync(full, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (KYSELY_CALL.test(line)) found.push(`${file}:${index + 1}`);
        });
    }
  };
  visit(dir);
  return found;
}
