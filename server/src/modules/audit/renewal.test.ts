import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { renewedExpiry } from '@vizinhanca/shared/listings/listing.rules';
import { renewedWantedExpiry } from '@vizinhanca/shared/wanted/wanted.rules';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { renewOnRecord } from './renewal.ts';

// The renewal step listings and 'Procura-se' requests share, on the app clock: Monday 23/11/2026 12:00 in São Paulo.

const NOW = new Date('2026-11-23T15:00:00Z');
const DAY_MS = 86_400_000;

let app: TestApp;
let resident: TestUser;
beforeAll(async () => {
  app = await createTestApp({}, { now: NOW });
  resident = await app.createUser();
});
afterAll(() => app.close());

const entriesAbout = (targetId: string) => app.db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('target_id', '=', targetId).execute();

describe('renewOnRecord', () => {
  it('reckons the new expiry from the current one on the app clock, has the module write it, and records both', async () => {
    const targetId = crypto.randomUUID();
    const current = new Date(NOW.getTime() + 2 * DAY_MS);
    const written: [Date, Date][] = [];
    const expiresAt = await app.db.transaction().execute((trx) =>
      renewOnRecord(app.deps, trx, {
        actorId: resident.id,
        action: AUDIT_ACTIONS.requestRenewed,
        targetType: 'request',
        targetId,
        expiresAt: current,
        renewedExpiry: renewedWantedExpiry,
        write: async (next, now) => {
          written.push([next, now]);
        },
      }),
    );
    expect(expiresAt).toEqual(new Date(current.getTime() + 14 * DAY_MS));
    expect(written).toEqual([[expiresAt, NOW]]);
    expect(await entriesAbout(targetId)).toEqual([
      { action: AUDIT_ACTIONS.requestRenewed, actor_id: resident.id, before: { expiresAt: current.toISOString() }, after: { expiresAt: expiresAt.toISOString() } },
    ]);
  });

  it('renews an expired listing from now, and records nothing when the write fails', async () => {
    const targetId = crypto.randomUUID();
    const expired = new Date(NOW.getTime() - DAY_MS);
    const renewal = { actorId: resident.id, action: AUDIT_ACTIONS.listingRenewed, targetType: 'listing' as const, targetId, expiresAt: expired, renewedExpiry };
    const failing = app.db.transaction().execute((trx) =>
      renewOnRecord(app.deps, trx, {
        ...renewal,
        write: () => Promise.reject(new Error('write refused')),
      }),
    );
    await expect(failing).rejects.toThrow('write refused');
    expect(await entriesAbout(targetId)).toEqual([]);
    const expiresAt = await app.db.transaction().execute((trx) => renewOnRecord(app.deps, trx, { ...renewal, write: async () => {} }));
    expect(expiresAt).toEqual(new Date(NOW.getTime() + 30 * DAY_MS));
  });
});
