import type { PersonalDataExport } from '@vizinhanca/shared/privacy/privacy.schema';
import type { AppDeps } from '../../context.ts';
import { exportFor as invitesSent } from '../invites/invites.service.ts';
import { accountRecord } from '../users/users.service.ts';
import * as privacy from './privacy.repository.ts';

/**
 * Everything the app holds about one person (LGPD: the right to a copy), as
 * plain JSON. The resident downloads their own; the admin's per-person export
 * reuses this function.
 */
export async function exportPersonalData(deps: AppDeps, userId: string): Promise<PersonalDataExport> {
  const [profile, extras] = await Promise.all([accountRecord(deps, userId), privacy.findAccountExtras(deps.db, userId)]);
  const account = { ...profile, ...extras };
  const [owned, orders, reviews, invites, favorites] = await Promise.all([
    privacy.listOwnedRows(deps.db, { id: userId, email: account.email }),
    privacy.listOrders(deps.db, userId),
    privacy.listReviews(deps.db, userId),
    invitesSent(deps, userId),
    privacy.listFavorites(deps.db, userId),
  ]);
  return {
    exportedAt: deps.clock.now().toISOString(),
    condominium: deps.config.CONDO_NAME,
    account: toJson(account),
    roles: toJson(owned.roles),
    sessions: toJson(owned.sessions),
    loginAttempts: toJson(owned.loginAttempts),
    notifications: toJson(owned.notifications),
    images: toJson(owned.images),
    listings: toJson(owned.listings),
    orders: toJson(orders),
    reviews: toJson(reviews),
    invitesSent: toJson(invites),
    messages: toJson(owned.messages),
    favorites: toJson(favorites),
    pixKeys: toJson(owned.pixKeys),
    billings: toJson(owned.billings),
    notificationPreferences: toJson(owned.notificationPreferences),
    pushSubscriptions: toJson(owned.pushSubscriptions),
  };
}

/** Dates become ISO strings: the export is a plain JSON document. */
function toJson<T>(value: T): JsonOf<T> {
  return JSON.parse(JSON.stringify(value)) as JsonOf<T>;
}
type JsonOf<T> = T extends Date ? string : T extends (infer U)[] ? JsonOf<U>[] : T extends object ? { [K in keyof T]: JsonOf<T[K]> } : T;
