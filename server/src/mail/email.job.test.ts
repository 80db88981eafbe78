import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobIdFor } from '../jobs/job-queue.ts';
import { deliverNotificationJob } from '../modules/notifications/notification-delivery.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { decodeQuotedPrintable } from '../../test/quoted-printable.ts';

// An SMTP outage delays an e-mail and never loses or doubles it: the server is
// down when the message is queued, comes up later, and receives it once.

interface Delivered {
  to: string;
  data: string;
}

/** Just enough of SMTP (RFC 5321) to accept messages on 127.0.0.1; `connections` counts the connections it accepted. */
function startSmtp(port: number, delivered: Delivered[], connections: net.Socket[] = []): Promise<net.Server> {
  const server = net.createServer((socket) => {
    connections.push(socket);
    let buffer = '';
    let inData = false;
    let to = '';
    socket.write('220 teste ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          delivered.push({ to, data: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 teste\r\n');
        else if (verb === 'RCPT') {
          to = /<([^>]+)>/.exec(line)?.[1] ?? '';
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 fim com <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 tchau\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let app: TestApp;
let smtp: net.Server | null = null;
/** The connections of the SMTP server up now: the app keeps its own open for the next messages. */
let smtpConnections: net.Socket[] = [];
let port: number;

/** The SMTP server goes down: its connections are cut, as a server that stops cuts them. */
async function stopSmtp() {
  for (const socket of smtpConnections) socket.destroy();
  if (smtp) await new Promise((resolve) => smtp!.close(resolve));
  smtp = null;
  smtpConnections = [];
}

beforeAll(async () => {
  port = await freePort();
  app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await app.close();
  await stopSmtp();
});

it('retries the approval e-mail through an SMTP outage and delivers it once', async () => {
  const admin = await app.createUser({ roles: ['admin'] });
  const resident = await app.createUser({ status: 'pending', fullName: 'Helena Rocha' });
  await (await app.callerAs(admin)).api.admin.approveUser({ userId: resident.id });

  // The first attempt meets a closed port and fails; the job waits for its retry.
  await eventually(async () => {
    const job = await app.db
      .selectFrom('pgboss.job' as never)
      .select(['state' as never])
      .where('name' as never, '=', 'email.send' as never)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'retry' });
  }, 10_000);

  const delivered: Delivered[] = [];
  smtp = await startSmtp(port, delivered, smtpConnections);
  // The harness retries after a second or two (retryDelaySeconds), the app after 15 to 30.
  await eventually(() => expect(delivered).toHaveLength(1), 15_000);
  expect(delivered[0]!.to).toBe(resident.email);
  expect(delivered[0]!.data).toContain('Helena Rocha');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(delivered).toHaveLength(1);
});

it("retries a notification's delivery through an SMTP outage and sends its e-mail once", async () => {
  // The server of the test before goes down, cutting the connection the app kept.
  await stopSmtp();
  const owner = await app.createUser({ fullName: 'Otávio Lima' });
  const notice = await app.db.transaction().execute((trx) =>
    notify(app.deps, trx, { userId: owner.id, type: 'order_status', title: 'Novo pedido', message: 'Helena pediu "Serra circular" para 25/11.' }),
  );

  // The delivery sends the e-mail itself: its first attempt fails, and the delivery job waits for its retry.
  const jobId = jobIdFor(deliverNotificationJob.name, `notification:${notice!.id}`);
  const stateOfDelivery = async () =>
    (await app.db.selectFrom('pgboss.job' as never).select(['state' as never]).where('id' as never, '=', jobId as never).executeTakeFirstOrThrow()) as { state: string };
  await eventually(async () => expect(await stateOfDelivery()).toMatchObject({ state: 'retry' }), 10_000);

  const delivered: Delivered[] = [];
  smtp = await startSmtp(port, delivered, smtpConnections);
  await eventually(() => expect(delivered).toHaveLength(1), 15_000);
  expect(delivered[0]!.to).toBe(owner.email);
  expect(decodeQuotedPrintable(delivered[0]!.data)).toContain('Olá, Otávio Lima!');
  await eventually(async () => expect(await stateOfDelivery()).toMatchObject({ state: 'completed' }), 10_000);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(delivered).toHaveLength(1);
});

it('sends one message after another over the connection it keeps, not a connection each', async () => {
  await stopSmtp();
  const delivered: Delivered[] = [];
  smtp = await startSmtp(port, delivered, smtpConnections);
  for (const n of [1, 2, 3]) {
    await app.deps.mailer.send({ to: `vizinho${n}@example.com`, subject: `Mensagem ${n}`, text: `Texto ${n}`, idempotencyKey: `reuse-${n}` });
  }
  expect(delivered.map((message) => message.to)).toEqual(['vizinho1@example.com', 'vizinho2@example.com', 'vizinho3@example.com']);
  expect(smtpConnections).toHaveLength(1);
});
