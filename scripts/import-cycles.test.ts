import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureTree, removeFixtureTrees } from './lib/fixture-tree.ts';
import { findImportCycles } from './import-cycles.ts';

const root = path.resolve(import.meta.dirname, '..');

/** A server module's folder (modules/<name>) for its files, each other file its own unit; tests left out, as they may reach across modules to set up data. */
function serverModuleOf(file: string): string | null {
  if (file.endsWith('.test.ts')) return null;
  return /^modules\/[^/]+/.exec(file)?.[0] ?? file;
}

afterEach(removeFixtureTrees);

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

  it('finds two modules importing each other through different files, which no file cycle shows', () => {
    const dir = fixtureTree({
      'modules/orders/orders.service.ts': "import { notify } from '../notifications/notifications.service.ts';\nexport const create = () => notify();\n",
      'modules/orders/order-links.ts': "export const orderHref = (id: string) => `/pedidos/${id}`;\n",
      'modules/notifications/notifications.service.ts': "import { orderHref } from '../orders/order-links.ts';\nexport const notify = () => orderHref('1');\n",
      'modules/notifications/notifications.test.ts': "import { create } from '../orders/orders.service.ts';\ncreate();\n",
    });
    expect(findImportCycles(dir)).toEqual([]);
    expect(findImportCycles(dir, { unitOf: serverModuleOf })).toEqual([['modules/notifications', 'modules/orders', 'modules/notifications']]);
  });

  it('passes modules whose imports only go one way, and leaves tests out', () => {
    const dir = fixtureTree({
      'modules/orders/orders.service.ts': "import { notify } from '../notifications/notifications.service.ts';\nexport const create = () => notify();\n",
      'modules/notifications/notifications.service.ts': "export const notify = () => 1;\n",
      'modules/notifications/notifications.test.ts': "import { create } from '../orders/orders.service.ts';\ncreate();\n",
    });
    expect(findImportCycles(dir, { unitOf: serverModuleOf })).toEqual([]);
  });
});

describe('the codebase', () => {
  it('has no import cycle in server/src, client/src or shared/src (type-only imports count)', () => {
    for (const dir of ['server/src', 'client/src', 'shared/src']) expect({ dir, cycles: findImportCycles(path.join(root, dir)) }).toEqual({ dir, cycles: [] });
  });

  it('has no server module importing a module that imports it back, directly or through other server code', () => {
    expect(findImportCycles(path.join(root, 'server/src'), { unitOf: serverModuleOf })).toEqual([]);
  });
});
