// The server process survives an error nothing contained: it is logged, and the process goes on serving.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./stray-errors.ts', import.meta.url));

/** A process with the last line in place that throws from a timer, leaves a rejection unhandled, then answers HTTP. */
const SCRIPT = `
import http from 'node:http';
import pino from 'pino';
import { keepServingThroughStrayErrors } from ${JSON.stringify(MODULE)};
keepServingThroughStrayErrors(pino());
const server = http.createServer((req, res) => {
  // A listener of the response that throws after it is sent, as the request log's once did.
  res.once('finish', () => { throw new Error('finish listener broke'); });
  res.end('ainda aqui');
});
server.listen(0, '127.0.0.1', async () => {
  setTimeout(() => { throw new Error('timer broke'); }, 0);
  void Promise.reject(new Error('nobody awaited this'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const url = 'http://127.0.0.1:' + server.address().port;
  const first = await (await fetch(url)).text();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const second = await (await fetch(url)).text();
  console.log(JSON.stringify({ answers: [first, second] }));
  server.close();
});
`;

describe('errors nothing contained', () => {
  it('are logged, and the process keeps serving', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = out.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string }; answers?: string[] });
    expect(code).toBe(0);
    expect(lines.find((line) => line.answers)?.answers).toEqual(['ainda aqui', 'ainda aqui']);
    const logged = lines.filter((line) => line.msg).map((line) => `${line.msg}: ${line.err?.message}`);
    expect(logged).toEqual(
      expect.arrayContaining([
        'uncaught error; the server goes on: timer broke',
        'unhandled rejection; the server goes on: nobody awaited this',
        'uncaught error; the server goes on: finish listener broke',
      ]),
    );
  }, 30_000);
});
