import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
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

/** An export as a spreadsheet reads it: parsed by a real CSV parser (';', quotes, the BOM), one object per row by header. */
async function readBack(file: string): Promise<Record<string, string>[]> {
  const response = await download(file, admin);
  expect(response.status).toBe(200);
  return parse(await response.text(), { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
}

describe('what a spreadsheet reads back', () => {
  it('users: the CPF and the phone as formatted text, leading zero kept', async () => {
    const resident = await app.createUser({ fullName: 'Zélia Zero' });
    await app.db.updateTable('users').set({ cpf: '01234567890', phone: '11999990000' }).where('id', '=', resident.id).execute();
    const landline = await app.createUser({ fullName: 'Fixo da Silva' });
    await app.db.updateTable('users').set({ phone: '1133334444' }).where('id', '=', landline.id).execute();
    const rows = await readBack('usuarios.csv');
    expect(rows.find((row) => row['E-mail'] === resident.email)).toMatchObject({ Nome: 'Zélia Zero', CPF: '012.345.678-90', Telefone: '(11) 99999-0000' });
    expect(rows.find((row) => row['E-mail'] === landline.email)).toMatchObject({ Telefone: '(11) 3333-4444' });
  });

  it("listings: 'Expirado' for an active listing past its expiry, as the app shows it", async () => {
    const owner = await app.createUser({ fullName: 'Dono Expirado' });
    const api = (await app.callerAs(owner)).api;
    const { id: expired } = await api.listings.create({ type: 'food', title: 'Geleia vencida', description: 'De morango', priceCents: 1200 });
    const { id: current } = await api.listings.create({ type: 'food', title: 'Geleia fresca', description: 'De uva', priceCents: 1200 });
    const moderation = (await app.callerAs(admin)).api.listings.moderation;
    await moderation.approve({ id: expired });
    await moderation.approve({ id: current });
    await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() - 60_000) }).where('id', '=', expired).execute();
    const rows = await readBack('anuncios.csv');
    expect(rows.find((row) => row['Título'] === 'Geleia vencida')).toMatchObject({ Status: 'Expirado', Tipo: 'Comida', 'Preço (R$)': '12,00' });
    expect(rows.find((row) => row['Título'] === 'Geleia fresca')).toMatchObject({ Status: 'Ativo' });
  });

  it('activity: pt-BR types, the change in words, the date with the time', async () => {
    const owner = await app.createUser({ fullName: 'Dona do Bolo' });
    const { id } = await (await app.callerAs(owner)).api.listings.create({ type: 'food', title: 'Bolo de fubá', description: 'Com erva-doce', priceCents: 2500 });
    await (await app.callerAs(admin)).api.listings.moderation.approve({ id });
    const rows = await readBack('atividade.csv');
    expect(Object.keys(rows[0]!)).toEqual(['Data e hora', 'Quem', 'O quê', 'Registro', 'Tipo', 'Alterações', 'Motivo']);
    const approved = rows.find((row) => row['O quê'] === 'Anúncio aprovado' && row.Registro === 'Bolo de fubá');
    // The app clock: 23/11/2026 12:00 in São Paulo.
    expect(approved).toEqual({
      'Data e hora': '23/11/2026 12:00',
      Quem: 'Carla Administradora',
      'O quê': 'Anúncio aprovado',
      Registro: 'Bolo de fubá',
      Tipo: 'Anúncio',
      'Alterações': 'Status: Pendente → Ativo',
      Motivo: '',
    });
    for (const row of rows) expect(['Pessoa', 'Anúncio', 'Pedido', 'Cobrança']).toContain(row.Tipo);
    for (const row of rows) expect(row['Alterações']).not.toMatch(/[{}]/);
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
    const maskedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect(line).toMatch(new RegExp(`^"Joana D’Ávila; Souza";${resident.email};${maskedCpf.replace(/\./g, '\\.')};\\(11\\) 98765-4321;A;A-101;Aprovado;Não;;\\d{2}/\\d{2}/\\d{4}$`));

    for (const other of ['anuncios.csv', 'pedidos.csv', 'atividade.csv']) {
      const body = await (await download(other, admin)).text();
      expect(body).not.toContain(cpf);
      expect(body).not.toContain(maskedCpf);
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
    // Ten inserts of 10,000: each statement stays far below the pool's 20 s query timeout on a busy machine.
    for (let first = 1; first <= 100_000; first += 10_000) {
      await sql`
        INSERT INTO orders (listing_id, owner_id, renter_id, total_cents, created_at)
        SELECT ${listingId}, ${owner.id}, ${buyer.id}, 123456, timestamptz '2026-11-23 12:00:00+00' + n * interval '1 second'
        FROM generate_series(${first}::int, ${first + 9_999}::int) AS n`.execute(app.db);
    }

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
