import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { renderProfile, summarizeProfile, type CpuProfile } from './cpu-profile.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { startNodeServer } from './harness.ts';
import { runLoad, type LoadRequest } from './load.ts';
import { describeLoad } from './stats.ts';

// Where the app's CPU goes under one of the bench's loads: runs the compiled app
// (dist/server/start.js, build it first) with --cpu-prof on the data a bench run kept
// (BENCH_KEEP=1), replays the browser's captured feed or search requests, and prints
// self time by package and function per request.
//
//   npx tsx scripts/bench/profile.ts <kept data dir> <.data/bench/<run>/captured.json> feed|search [port] [seconds]

const [dataDir, capturedFile, which = 'feed', portArg = '4250', secondsArg = '15'] = process.argv.slice(2);
if (!dataDir || !capturedFile || !['feed', 'search'].includes(which)) {
  console.error('usage: profile.ts <kept data dir> <captured.json> feed|search [port] [seconds]');
  process.exit(2);
}
const captured = JSON.parse(readFileSync(capturedFile, 'utf8')) as { feedRequest: LoadRequest; searchRequests: LoadRequest[] };
const requests = which === 'feed' ? [captured.feedRequest] : captured.searchRequests;
const port = Number(portArg);
const profileDir = path.join(dataDir, `cpu-profile-${Date.now()}`);

const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
for (const key of ['DATABASE_URL', 'LOG_LEVEL', 'CLOCK_START', 'PUBLIC_URL', 'SMTP_URL', 'S3_ENDPOINT']) delete env[key];
const app = await startNodeServer({
  script: path.join(PROJECT_ROOT, 'dist/server/start.js'),
  cwd: PROJECT_ROOT,
  env,
  port,
  readyPath: '/ready',
  logFile: path.join(dataDir, 'profile-app.log'),
  nodeArgs: [...PRODUCTION_NODE_ARGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`],
});
let result;
try {
  result = await runLoad({ url: app.url, connections: 50, durationMs: Number(secondsArg) * 1000, warmupMs: 2000, requests });
} finally {
  await app.stop();
}
console.log(`${which}: ${describeLoad(result)}`);
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profileDir}`);
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
// The profile spans start-up and warm-up too: per request is an upper bound.
console.log(renderProfile(summarizeProfile(profile, 40), result.requests));
console.log(`\nProfile: ${path.join(profileDir, file)}`);
