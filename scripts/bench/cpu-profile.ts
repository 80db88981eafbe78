// Where a Node process spends its CPU, from a V8 .cpuprofile (node --cpu-prof):
// self time by function and by package, so a profile under the bench's load reads
// as a short table instead of a flame graph. Used by scripts/bench/profile.ts.

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type CpuSummary = {
  totalMs: number;
  /** Self time of each function (name, file:line), largest first. */
  functions: { name: string; ms: number; share: number }[];
  /** Self time of each package (node_modules/<name>), of node's own code, of ours and of the engine (GC, idle, program). */
  packages: { name: string; ms: number; share: number }[];
};

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node';
  return 'app';
}

/** Self time per function and per package; `(idle)` is left out of the shares (time with nothing to do). */
export function summarizeProfile(profile: CpuProfile, top = 25): CpuSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)') continue;
    busyUs += us;
    const file = callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(dist|server|shared)\//, '$1/');
    const name = `${callFrame.functionName || '(anonymous)'} ${file ? `${file}:${callFrame.lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = packageOf(callFrame.url, callFrame.functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs ? us / busyUs : 0 }));
  return { totalMs: busyUs / 1000, functions: rows(functions).slice(0, top), packages: rows(packages) };
}

export function renderProfile(summary: CpuSummary, perRequest?: number): string {
  const per = (ms: number) => (perRequest ? `, ${((ms * 1000) / perRequest).toFixed(0)} µs/request` : '');
  const lines = [`Busy CPU ${summary.totalMs.toFixed(0)} ms${perRequest ? ` over ${perRequest} requests (${((summary.totalMs * 1000) / perRequest).toFixed(0)} µs each)` : ''}.`, '', 'By package (self time):'];
  for (const row of summary.packages) lines.push(`  ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}${per(row.ms)}`);
  lines.push('', 'Top functions (self time):');
  for (const row of summary.functions) lines.push(`  ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}`);
  return lines.join('\n');
}
