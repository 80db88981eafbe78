import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('event housekeeping', () => {
  it('prunes events older than the cut-off and keeps recent ones', async () => {
    const user = await app.createUser();
    const oldId = await app.deps.bus.publish(app.db, { userId: user.id, kind: 'notification.changed', payload: {} });
    const recentId = await app.deps.bus.publish(app.db, { userId: user.id, kind: 'notification.changed', payload: {} });
    await app.db.updateTable('events').set({ created_at: new Date(Date.now() - 31 * 24 * 3600_000) }).where('id', '=', oldId).execute();
    await app.deps.bus.pruneOlderThan(new Date(Date.now() - 30 * 24 * 3600_000));
    const ids = (await app.db.selectFrom('events').select('id').where('user_id', '=', user.id).execute()).map((row) => row.id);
    expect(ids).toEqual([recentId]);
  });
});
