import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { PRODUCTION_NODE_ARGS } from './production-node.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

describe('the node flags production runs with', () => {
  it('npm start passes them to node', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${PRODUCTION_NODE_ARGS.join(' ')} scripts/launch.mjs`);
  });

  it("the image's command passes them to node", () => {
    const cmd = read('Dockerfile').match(/^CMD (\[.*\])$/m)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...PRODUCTION_NODE_ARGS, 'dist/server/start.js']);
  });

  it('this node accepts them and V8 takes the young generation from them', () => {
    // A burst of objects that live a little while (a ring of them, like requests in flight)
    // grows the new space to its maximum: two semi-spaces (V8's default maximum is 16 MiB each).
    const probe = `
      const v8 = require('node:v8');
      const ring = new Array(200000);
      for (let i = 0; i < 1.5e6; i++) ring[i % ring.length] = { i, text: 'x' + i };
      const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      console.log(space.space_size);
    `;
    const run = (args: string[]) => spawnSync(process.execPath, [...args, '-e', probe], { encoding: 'utf8' });
    const withFlags = run(PRODUCTION_NODE_ARGS);
    expect(withFlags.status, withFlags.stderr).toBe(0);
    expect(Number(withFlags.stdout)).toBeGreaterThan(Number(run([]).stdout));
  });

  it("V8 takes the old generation's ceiling from them: 1 GiB", () => {
    const probe = `console.log(require('node:v8').getHeapStatistics().heap_size_limit)`;
    const limit = (args: string[]) => Number(spawnSync(process.execPath, [...args, '-e', probe], { encoding: 'utf8' }).stdout);
    const withFlags = limit(PRODUCTION_NODE_ARGS);
    // The limit is the old generation's ceiling plus the young generation's (three semi-spaces' worth at most).
    expect(withFlags).toBeGreaterThanOrEqual(1024 * 1024 * 1024);
    expect(withFlags).toBeLessThan(1024 * 1024 * 1024 + 3 * 64 * 1024 * 1024 + 1);
  });
});
