// Plays N browser tabs for scripts/bench/realtime-fanout.ts, in its own process so the
// server's memory is measured alone. Driven over IPC:
//   { cmd: 'open', url, origin, cookies: string[] | null, count, subscribe } -> { type: 'opened', open, failed, error }
//   { cmd: 'arm', marker, targets: number[] | null, timeoutMs } -> { type: 'armed' }, then
//                                                       { type: 'received', times: (number | null)[] }
//   { cmd: 'close' } -> exits
// Receive times are process.hrtime in ms: CLOCK_MONOTONIC, the same clock in every process of the machine.
import WebSocket from 'ws';

/** @type {WebSocket[]} */
let sockets = [];
/** @type {{ marker: string, times: (number | null)[], waiting: number, done: () => void } | null} */
let armed = null;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const SUBSCRIBE = JSON.stringify({ id: 1, method: 'subscription', params: { path: 'realtime.onEvent', input: { json: {} } } });

function openOne(index, url, origin, cookie, subscribe) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin, ...(cookie ? { cookie } : {}) }, perMessageDeflate: false });
    let ready = !subscribe;
    socket.on('message', (data) => {
      const text = data.toString();
      // tRPC's application-level keep-alive: a tab answers, or the server drops it.
      if (text === 'PING') return socket.send('PONG');
      if (!ready) {
        if (text.includes('"ready"')) {
          ready = true;
          resolve(socket);
        } else if (text.includes('"error"')) reject(new Error(text.slice(0, 300)));
        return;
      }
      const current = armed;
      if (current && current.times[index] === null && text.includes(current.marker)) {
        current.times[index] = nowMs();
        current.waiting -= 1;
        if (current.waiting === 0) current.done();
      }
    });
    socket.on('open', () => {
      if (subscribe) socket.send(SUBSCRIBE);
      else resolve(socket);
    });
    socket.on('error', reject);
    socket.on('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
  });
}

async function open({ url, origin, cookies, count, subscribe }) {
  const total = cookies ? cookies.length : count;
  sockets = new Array(total);
  let failed = 0;
  let error = null;
  let next = 0;
  // A browser-sized trickle: 100 handshakes at a time.
  await Promise.all(
    Array.from({ length: Math.min(100, total) }, async () => {
      while (next < total) {
        const index = next++;
        try {
          sockets[index] = await openOne(index, url, origin, cookies ? cookies[index] : null, subscribe);
        } catch (cause) {
          failed += 1;
          error ??= String(cause?.message ?? cause);
        }
      }
    }),
  );
  process.send({ type: 'opened', open: total - failed, failed, error });
}

function arm({ marker, targets, timeoutMs }) {
  const times = new Array(sockets.length).fill(null);
  const expected = targets ?? sockets.map((_, index) => index);
  // Sockets not expected to receive anything are marked done (-1) up front.
  const wanted = new Set(expected);
  for (let index = 0; index < times.length; index++) if (!wanted.has(index)) times[index] = -1;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    armed = null;
    process.send({ type: 'received', times: times.map((time) => (time === -1 ? null : time)) });
  };
  const timer = setTimeout(finish, timeoutMs);
  armed = { marker, times, waiting: expected.length, done: finish };
  process.send({ type: 'armed' });
}

process.on('message', (message) => {
  if (message.cmd === 'open') void open(message);
  else if (message.cmd === 'arm') arm(message);
  else if (message.cmd === 'close') {
    for (const socket of sockets) socket?.terminate();
    process.exit(0);
  }
});
