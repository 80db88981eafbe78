import v8 from 'node:v8';
import vm from 'node:vm';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBenchApp, createResidents, TabFleet } from './realtime-fanout.ts';
const gc = vm.runInNewContext('gc') as () => void;
const app = await startBenchApp();
const residents = await createResidents(app.deps, 1100);
const warm = await TabFleet.open({ url: app.wsUrl, origin: app.base, cookies: residents.slice(1000).map((r) => r.cookie), subscribe: true });
await warm.close(); await sleep(500);
for (let i = 0; i < 4; i++) { gc(); await sleep(100); }
v8.writeHeapSnapshot('/tmp/rt-a.heapsnapshot');
const fleet = await TabFleet.open({ url: app.wsUrl, origin: app.base, cookies: residents.slice(0, 1000).map((r) => r.cookie), subscribe: true });
await sleep(500);
for (let i = 0; i < 4; i++) { gc(); await sleep(100); }
v8.writeHeapSnapshot('/tmp/rt-b.heapsnapshot');
await fleet.close();
await app.close();
