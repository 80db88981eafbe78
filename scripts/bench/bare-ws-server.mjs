// The realtime sections' baseline: a bare `ws` server in its own process (as the app is), so its
// rss per socket compares with the production process's. Driven over IPC:
//   started -> { type: 'listening', port }
//   { cmd: 'broadcast', message } -> sends it to every client, then { type: 'sent', t0 } (t0: process.hrtime in ms before the first send)
//   { cmd: 'close' } -> exits
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.once('listening', () => process.send({ type: 'listening', port: wss.address().port }));
process.on('message', (message) => {
  if (message.cmd === 'broadcast') {
    const t0 = Number(process.hrtime.bigint()) / 1e6;
    for (const client of wss.clients) client.send(message.message);
    process.send({ type: 'sent', t0 });
  } else if (message.cmd === 'close') {
    for (const client of wss.clients) client.terminate();
    wss.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
