import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp } from '../../../test/http-server.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { csvAmount, csvCell, csvLine } from './csv.ts';

/** The garbage collector, exposed at run time, so a memory sample counts live objects only. */
function gc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

let app: TestApp;
let http: Awaited<ReturnType<typeof serveHttp>>;
let base: string;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Administradora' });
  moderator = await app.createUser({ roles: ['moderator'] });
  http = await serveHttp(app.deps);
  base = http.base;
});
afterAll(async () => {
  await http.close();
  await app.close();
});

async function cookieFor(user: TestUser) {
  const { token } = await app.deps.sessions.create(app.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return `vz_session=${token}`;
}

async function download(file: string, user: TestUser | null) {
  return fetch(`${base}/exports/${file}`, { headers: user ? { cookie: await cookieFor(user) } : {}, signal: AbortSignal.timeout(280_000) });
}

describe('the Brazilian spreadsheet format', () => {
  it('formats amounts as 1.234,56, quotes what needs it and defuses formulas', () => {
    expect(csvAmount(123456)).toBe('1.234,56');
    expect(csvAmount(5)).toBe('0,05');
    expect(csvCell('Bolo; com "cobertura"')).toBe('"Bolo; com ""cobertura"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, true])).toBe('a;1;Sim\r\n');
  });
});

describe('GET /exports/*.csv', () => {
  it('is for administrators only', async () => {
    expect((await download('usuarios.csv', null)).status).toBe(401);
    expect((await download('usuarios.csv', moderator)).status).toBe(403);
    const resident = await app.createUser();
    expect((await download('pedidos.csv', resident)).status).toBe(403);
    const suspendedAdmin = await app.createUser({ roles: ['admin'], suspended: true });
    expect((await download('usuarios.csv', suspendedAdmin)).status).toBe(403);
    const pendingAdmin = await app.createUser({ roles: ['admin'], status: 'pending' });
    expect((await download('usuarios.csv', pendingAdmin)).status).toBe(403);
    expect((await download('senhas.csv', admin)).status).toBe(404);
  });

  it('users: UTF-8 with BOM, ";" between cells, dd/MM/yyyy, and CPF only here', async () => {
    const resident = await app.createUser({ fullName: 'Joana D’Ávila; Souza' });
    const cpf = (await app.db.selectFrom('users').select('cpf').where('id', '=', resident.id).executeTakeFirstOrThrow()).cpf!;
    const response = await download('usuarios.csv', admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="vizinhanca-usuarios-2026-11-23.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Nome;E-mail;CPF;Telefone;Bloco;Apartamento;Status;Suspenso;Papéis;Cadastro em');
    const line = lines.find((candidate) => candidate.includes(resident.email))!;
    expect(line).toMatch(new RegExp(`^"Joana D’Ávila; Souza";${resident.email};${cpf};11987654321;A;A-101;Aprovado;Não;;\\d{2}/\\d{2}/\\d{4}$`));

    for (const other of ['anuncios.csv', 'pedidos.csv', 'atividade.csv']) {
      const body = await (await download(other, admin)).text();
      expect(body).not.toContain(cpf);
    }
  });

  it('orders: 100,000 rows stream out with flat memory', { timeout: 300_000 }, async () => {
    const owner = await app.createUser({ fullName: 'Dona da Marmita' });
    const buyer = await app.createUser({ fullName: 'Comprador Assíduo' });
    const { id: listingId } = await app.db
      .insertInto('listings')
      .values({ user_id: owner.id, type: 'food', title: 'Marmita fitness', description: 'Frango e legumes', price_cents: 123456, price_unit: 'unit', status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // One bulk insert, given more time than the app's statement timeout allows (a busy machine).
    await app.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL statement_timeout = '170s'`.execute(trx);
      await sql`
        INSERT INTO orders (listing_id, owner_id, renter_id, total_cents, created_at)
        SELECT ${listingId}, ${owner.id}, ${buyer.id}, 123456, timestamptz '2026-11-23 12:00:00+00' + n * interval '1 second'
        FROM generate_series(1, 100000) AS n`.execute(trx);
    });

    const response = await download('pedidos.csv', admin);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    // Live memory is what is left after a collection: sample it every ~2 MB received.
    const collect = gc();
    collect();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let lines = 0;
    let received = 0;
    let nextSample = 0;
    const head: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (head.length < 2) head.push(value);
      for (const byte of value) if (byte === 0x0a) lines += 1;
      received += value.length;
      if (received >= nextSample) {
        nextSample = received + 2 * 1024 * 1024;
        collect();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    const first = new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(head)).slice(0, 2000);
    expect(lines).toBe(100_001); // header + every order
    expect(first.startsWith('\uFEFFPedido;Anúncio;Status;Total (R$);')).toBe(true);
    expect(first).toMatch(/;Marmita fitness;Pendente;1\.234,56;Comprador Assíduo;A-101;Dona da Marmita;A-101;;;23\/11\/2026\r\n/);
    expect(received).toBeGreaterThan(10 * 1024 * 1024);
    // Loaded whole, 100,000 rows and their text would stay on the heap (tens of MB); streamed, a few pages at a time.
    expect(peak).toBeLessThan(8 * 1024 * 1024);
  });
});
