// Every procedure's input, fuzzed: whatever arrives, the answer is ours (never a 500) and in pt-BR.
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@vizinhanca/shared/validation/text';
import { editInputFrom } from '../test/admin-edit.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { serveHttp } from '../test/http-server.ts';
import { REQUEST_MESSAGES } from './http/request-errors.ts';
import { GENERIC_ERROR_MESSAGE } from './errors.ts';
import { appRouter } from './router.ts';
import { createCallerFactory, userFacingError } from './trpc.ts';
import type { Context } from './context.ts';

/** Runs per procedure: 1,000 in CI (FUZZ_RUNS), fewer while developing. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** Words of the English messages Zod, tRPC, superjson and Node would send. */
const ENGLISH = /\b(expected|invalid|required|procedure|found|unexpected|token|json|error|received|too big|too small|must|should|cannot|failed|unrecognized|input|string|number|object)\b/i;

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}
type SchemaDef = { type?: string; shape?: Record<string, unknown>; options?: unknown[]; innerType?: unknown; in?: unknown; out?: unknown };

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);

/** The field names an input schema knows (objects, unions, wrappers), so most fuzzed inputs reach past the shape check. */
function fieldNames(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
  if (!def || depth > 6) return [];
  if (def.shape) return Object.keys(def.shape);
  if (def.options) return [...new Set(def.options.flatMap((option) => fieldNames(option, depth + 1)))];
  return [def.innerType, def.in, def.out].flatMap((inner) => (inner ? fieldNames(inner, depth + 1) : []));
}

const SAMPLES = [
  '', ' ', '\u0000', 'a\u0000b', '\u001b[31m', '\u0085', '\u2028', '😀', '\uD800', 'x'.repeat(5000), '%_\\', "'; DROP TABLE users; --",
  '2026-11-23', '2026-02-30', '0000-01-01', '9999-12-31', '2026-11-23T15:00:00Z', '00000000-0000-4000-8000-000000000000',
  'rental', 'food', 'service', 'active', 'pending', 'approved', 'paused', 'all', 'pickup', 'delivery', 'day', 'unit', 'hour',
  '9999999999999999999', '123', 'ana@vizinhanca.app', '390.533.447-05', '(11) 91234-5678', '-1', '1e309', 'NaN', '__proto__', 'constructor',
];
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...SAMPLES));
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.bigInt(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: false }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, 1500, 0, 1, 50, 51),
);
const value = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);

function inputFor(schema: unknown) {
  const names = fieldNames(schema);
  // A schema that names no field has one shaped input, {}: sending it 5 times in 6 would run the
  // procedure itself (a whole data export, say) hundreds of times and fuzz nothing.
  if (!names.length) return fc.oneof({ weight: 1, arbitrary: fc.constant({}) }, { weight: 5, arbitrary: value });
  const shaped = fc.record(Object.fromEntries(names.map((name) => [name, value])), { requiredKeys: [] });
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: value });
}

/** Half of a UTF-16 pair alone (U+D800 to U+DFFF), which Postgres refuses in jsonb and text. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** Printable text around one lone surrogate (ASCII neighbours never complete the pair). */
const textWithLoneSurrogate = fc.tuple(fc.string({ maxLength: 12 }), loneSurrogate, fc.string({ maxLength: 12 })).map((parts) => parts.join(''));

/** A fuzzed input with one lone surrogate put in a field it names, in a list, as a key, or as the whole input. */
function inputWithLoneSurrogate(schema: unknown) {
  const names = fieldNames(schema);
  return fc.tuple(inputFor(schema), fc.constantFrom(...(names.length ? names : ['campo'])), textWithLoneSurrogate, fc.constantFrom('field', 'list', 'key', 'whole')).map(
    ([input, field, bad, where]) => {
      const fields = input !== null && typeof input === 'object' && !Array.isArray(input) && !(input instanceof Date) ? (input as Record<string, unknown>) : {};
      if (where === 'whole') return bad;
      if (where === 'key') return { ...fields, [bad]: 'x' };
      return { ...fields, [field]: where === 'list' ? ['ok', bad] : bad };
    },
  );
}

const createCaller = createCallerFactory(appRouter);

/** Calls one procedure by path with this input, as a caller would (a subscription is read briefly, then aborted). */
async function call(ctx: Context, path: string, input: unknown): Promise<void> {
  const controller = new AbortController();
  const api = createCaller(ctx, { signal: controller.signal });
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api) as (input: unknown) => Promise<unknown>;
  const result = await procedure(input);
  const iterator = (result as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator]?.();
  if (!iterator) return;
  const timer = setTimeout(() => controller.abort(), 30);
  try {
    await iterator.next();
  } finally {
    clearTimeout(timer);
    controller.abort();
    await iterator.return?.();
  }
}

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.createUser({ roles: ['admin'] });
});
afterAll(() => app.close());

describe('malformed percent-escapes', () => {
  /** Escapes decodeURIComponent throws on: cut short, not hex, or bytes that are no UTF-8 (an encoded surrogate among them). */
  const malformed = fc.constantFrom('%', '%E0', '%e0%', '%ZZ', '%C3%28', '%F0%9F', '%ED%A0%80', '%FF', '%80', '%%', '%G1', '%c0%af');
  const segment = fc.stringMatching(/^[a-z0-9._,-]{0,12}$/);
  const place = fc.constantFrom('/trpc/', '/trpc/auth.me,', '/', '/assets/', '/item/', '/api/images/', '/exports/', '/alugueis/', '/sw.js/');
  const url = fc.tuple(place, segment, malformed, segment, fc.constantFrom('', '?batch=1', '?input=%7B%7D')).map((parts) => parts.join(''));

  it('anywhere in the path, any method: a pt-BR 400, never a 500, a stack or a crash', async () => {
    const http = await serveHttp(app.deps);
    try {
      await fc.assert(
        fc.asyncProperty(url, fc.constantFrom('GET', 'POST', 'HEAD'), async (path, method) => {
          const response = await fetch(`${http.base}${path}`, { method, headers: { origin: http.base, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
          const text = await response.text();
          if (response.status !== 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
          if (method !== 'HEAD' && (JSON.parse(text) as { error: { message: string } }).error.message !== REQUEST_MESSAGES.malformedUrl) throw new Error(`${method} ${path}: ${text}`);
        }),
        { numRuns: Math.min(RUNS, 300), seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
      expect((await fetch(`${http.base}/health`)).status).toBe(200);
    } finally {
      await http.close();
    }
  }, 120_000);
});

describe('lone surrogates', () => {
  // Postgres refused it in the audit entry's jsonb: a 500 and the edit lost.
  it('an administrator saving a bio with half a UTF-16 pair gets the pt-BR message and nothing is written', async () => {
    const person = await app.createUser();
    const { api } = await app.callerAs(admin);
    const before = await api.admin.users.byId({ userId: person.id });
    for (const bio of ['Oi \uD800', '\uDC00 fim', 'a\uD83Db']) {
      await expect(api.admin.users.update(editInputFrom(person.id, before, { bio }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTROL_CHARACTERS_MESSAGE });
    }
    expect(await api.admin.users.byId({ userId: person.id })).toEqual(before);
  });

  it('anywhere in any procedure\'s input, one is refused with the pt-BR message before the procedure runs', async () => {
    const { ctx } = await app.contextFor(admin);
    const callable = procedures.filter(([path]) => path !== 'auth.logout');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...callable).chain(([path, procedure]) => fc.tuple(fc.constant(path), inputWithLoneSurrogate(procedure._def.inputs[0]))),
        async ([path, input]) => {
          const outcome = await call(ctx, path, input).then(
            () => 'answered',
            (error: unknown) => (error instanceof TRPCError ? `${error.code}: ${userFacingError(error).message}` : String(error)),
          );
          if (outcome !== `BAD_REQUEST: ${CONTROL_CHARACTERS_MESSAGE}`) throw new Error(`${path} ${fc.stringify(input)}: ${outcome}`);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
  }, 120_000);
});

describe('fuzzing every procedure', () => {
  it('lists procedures to fuzz', () => {
    expect(procedures.length).toBeGreaterThan(40);
  });

  for (const [path, procedure] of procedures) {
    it(`${path}: any input gets one of our pt-BR answers, never a 500`, async () => {
      // An admin reaches every procedure's input validation; a fresh session per procedure (logout ends its own).
      const { ctx } = await app.contextFor(admin);
      const runs = procedure._def.inputs.length ? RUNS : Math.min(RUNS, 20);
      await fc.assert(
        fc.asyncProperty(inputFor(procedure._def.inputs[0]), async (input) => {
          try {
            await call(ctx, path, input);
          } catch (error) {
            if (!(error instanceof TRPCError)) throw error;
            const { message } = userFacingError(error);
            if (error.code === 'INTERNAL_SERVER_ERROR' || message === GENERIC_ERROR_MESSAGE) {
              throw new Error(`500 for ${fc.stringify(input)}: ${String(error.cause ?? error.message)}`, { cause: error });
            }
            if (!message || ENGLISH.test(message)) throw new Error(`not ours or not pt-BR: "${message}" for ${fc.stringify(input)}`, { cause: error });
          }
        }),
        { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }, 120_000);
  }
});
