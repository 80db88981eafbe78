import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/src/paths.ts';
import { bundleSection } from './bench/bundle.ts';
import { lighthouseSection } from './bench/lighthouse.ts';
import { renderReport } from './bench/report.ts';

// npm run lighthouse: the first-screen bundle and Lighthouse mobile sections of
// `npm run bench`, alone. It builds what `npm run build` does: the server, then (the
// sections) the client and its first-screen renderer.
const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
if (compiled.status !== 0) throw new Error('the server did not compile');
mkdirSync(path.join(PROJECT_ROOT, '.data/bench'), { recursive: true });
const report = renderReport([await bundleSection(), await lighthouseSection()], [`Run ${new Date().toISOString()}.`]);
const file = path.join(PROJECT_ROOT, '.data/bench', `lighthouse-report-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(file, report);
console.log(`${report}\nReport written to ${path.relative(PROJECT_ROOT, file)}`);
