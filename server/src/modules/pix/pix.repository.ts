import type { PixKeyType } from '@vizinhanca/shared/pix/pix-key.schema';
import type { Db } from '../../db/database.ts';

export function findKey(db: Db, userId: string) {
  return db.selectFrom('pix_keys').select(['key_type', 'key']).where('user_id', '=', userId).executeTakeFirst();
}

/** One key per person: saving again replaces it. */
export function upsertKey(db: Db, userId: string, type: PixKeyType, key: string, at: Date) {
  return db
    .insertInto('pix_keys')
    .values({ user_id: userId, key_type: type, key, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ key_type: type, key, updated_at: at }))
    .execute();
}

export function deleteKey(db: Db, userId: string) {
  return db.deleteFrom('pix_keys').where('user_id', '=', userId).executeTakeFirstOrThrow();
}
