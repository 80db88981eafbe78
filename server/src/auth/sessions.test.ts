import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/database.ts';

const META = { ip: '127.0.0.1', userAgent: 'vitest' };

/** Runs the writes in a transaction that is then rolled back. */
async function rolledBack(app: TestApp, writes: (trx: Db) => Promise<unknown>) {
  const rollback = new Error('rollback');
  await expect(
    app.db.transaction().execute(async (trx) => {
      await writes(trx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

describe('session writes take the caller’s transaction', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const sessionIdsOf = async (userId: string) =>
    (await app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.id);

  it('a session created in a rolled-back transaction does not exist', async () => {
    const user = await app.createUser();
    let token = '';
    await rolledBack(app, async (trx) => {
      ({ token } = await app.deps.sessions.create(trx, user.id, META));
      expect(await trx.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    });
    expect(await sessionIdsOf(user.id)).toEqual([]);
    expect(await app.deps.sessions.validate(token)).toBeNull();
  });

  it('a session revoked in a rolled-back transaction still signs in', async () => {
    const user = await app.createUser();
    const { token, sessionId } = await app.deps.sessions.create(app.db, user.id, META);
    await rolledBack(app, (trx) => app.deps.sessions.revoke(trx, { id: sessionId, userId: user.id }));
    expect((await app.deps.sessions.validate(token))?.session.id).toBe(sessionId);
    await app.deps.sessions.revoke(app.db, { id: sessionId, userId: user.id });
    expect(await app.deps.sessions.validate(token)).toBeNull();
  });

  it('revoking all of a user’s sessions, maybe but one, happens with the transaction or not at all', async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const kept = await app.deps.sessions.create(app.db, user.id, META);
    const ended = await app.deps.sessions.create(app.db, user.id, META);
    const othersSession = await app.deps.sessions.create(app.db, other.id, META);
    const before = await sessionIdsOf(user.id);

    await rolledBack(app, (trx) => app.deps.sessions.revokeAll(trx, user.id));
    expect(await sessionIdsOf(user.id)).toEqual(before);

    await app.db.transaction().execute((trx) => app.deps.sessions.revokeAll(trx, user.id, kept.sessionId));
    expect(await sessionIdsOf(user.id)).toEqual([kept.sessionId]);
    expect(await app.deps.sessions.validate(ended.token)).toBeNull();

    await app.db.transaction().execute((trx) => app.deps.sessions.revokeAll(trx, user.id));
    expect(await sessionIdsOf(user.id)).toEqual([]);
    expect(await sessionIdsOf(other.id)).toEqual([othersSession.sessionId]);
  });
});
