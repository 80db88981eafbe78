import { PENDING_ITEM_NOTIFICATIONS, reportedListingLabel } from '@vizinhanca/shared/notifications/staff-pending.messages';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { ACCOUNT_CLOSED_REASONS } from '@vizinhanca/shared/orders/order.schema';
import { ERASED_TEXTS, type PersonalDataExport } from '@vizinhanca/shared/privacy/privacy.schema';
import { ADMIN_USER_MESSAGES, EX_RESIDENT_NAME } from '@vizinhanca/shared/users/admin-users.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { eraseAllOfUser as eraseImagesOf } from '../images/images.service.ts';
import { exportFor as invitesSent } from '../invites/invites.service.ts';
import * as listings from '../listings/listings.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as users from '../users/users.service.ts';
import * as wanted from '../wanted/wanted.service.ts';
import * as privacy from './privacy.repository.ts';

/**
 * Everything the app holds about one person (LGPD: the right to a copy), as
 * plain JSON. The resident downloads their own; the admin's per-person export
 * reuses this function.
 */
export async function exportPersonalData(deps: AppDeps, userId: string): Promise<PersonalDataExport> {
  const [profile, extras] = await Promise.all([users.accountRecord(deps, userId), privacy.findAccountExtras(deps.db, userId)]);
  const account = { ...profile, ...extras };
  if (extras?.anonymized_at) return anonymisedExport(deps, userId, extras.anonymized_at);
  const [owned, orders, reviews, invites, favorites, reportsMade, blocked, conditions, deposits, problems, problemMessages, wantedOffers, follows] = await Promise.all([
    privacy.listOwnedRows(deps.db, { id: userId, email: account.email }),
    privacy.listOrders(deps.db, userId),
    privacy.listReviews(deps.db, userId),
    invitesSent(deps, userId),
    privacy.listFavorites(deps.db, userId),
    privacy.listReportsMade(deps.db, userId),
    privacy.listBlocked(deps.db, userId),
    privacy.listHandoverConditions(deps.db, userId),
    privacy.listDepositRecords(deps.db, userId),
    privacy.listProblems(deps.db, userId),
    privacy.listProblemMessages(deps.db, userId),
    privacy.listWantedOffers(deps.db, userId),
    privacy.listFornadaFollows(deps.db, userId),
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
    handoverConditions: toJson(conditions),
    deposits: toJson(deposits),
    problems: toJson(problems),
    problemMessages: toJson(problemMessages),
    reviews: toJson(reviews),
    invitesSent: toJson(invites),
    messages: toJson(owned.messages),
    favorites: toJson(favorites),
    reportsMade: toJson(reportsMade),
    peopleBlocked: toJson(blocked),
    wantedRequests: toJson(owned.wantedRequests),
    wantedOffers: toJson(wantedOffers),
    fornadasFollowed: toJson(follows),
    pixKeys: toJson(owned.pixKeys),
    billings: toJson(owned.billings),
    notificationPreferences: toJson(owned.notificationPreferences),
    pushSubscriptions: toJson(owned.pushSubscriptions),
  };
}

/** An anonymised person's copy: the app holds nothing about them any more, so it says only that. */
function anonymisedExport(deps: AppDeps, userId: string, anonymizedAt: Date): PersonalDataExport {
  const none: Record<string, unknown>[] = [];
  return {
    exportedAt: deps.clock.now().toISOString(),
    condominium: deps.config.CONDO_NAME,
    account: { id: userId, full_name: EX_RESIDENT_NAME, anonymized_at: anonymizedAt.toISOString() },
    roles: none,
    sessions: none,
    loginAttempts: none,
    notifications: none,
    images: none,
    listings: none,
    orders: none,
    handoverConditions: none,
    deposits: none,
    problems: none,
    problemMessages: none,
    reviews: none,
    invitesSent: none,
    messages: none,
    favorites: none,
    reportsMade: none,
    peopleBlocked: none,
    wantedRequests: none,
    wantedOffers: none,
    fornadasFollowed: none,
    pixKeys: none,
    billings: none,
    notificationPreferences: none,
    pushSubscriptions: none,
  };
}

/**
 * LGPD: a person who left. Every personal field and file the app holds about them is
 * removed or blanked, in one transaction: their open orders end (the other side told),
 * their listings and 'Procura-se' requests leave every screen with their texts blanked, their photos stop being
 * served (the files are deleted after the commit), their sessions, devices, keys,
 * notifications and invites go, and the audit log keeps who did what, not the values.
 * Past orders and reviews stay, as 'Ex-morador'.
 */
export async function anonymize(deps: AppDeps, actorId: string, userId: string) {
  if (userId === actorId) throw new AppError('FORBIDDEN', ADMIN_USER_MESSAGES.cannotAnonymizeSelf);
  const passwordHash = await users.unusablePasswordHash();
  await deps.db.transaction().execute(async (trx) => {
    const person = await users.lockForAnonymisation(trx, userId);
    const now = deps.clock.now();
    // First, while the listings still have their titles: the other side's notices name the item.
    await orders.cancelOpenOrdersOfClosedAccount(deps, trx, { actorId, userId });
    await listings.removeAllOfOwner(trx, userId, now);
    const listingIds = await privacy.eraseListingTexts(trx, userId);
    const requestIds = await wanted.eraseAllOfAuthor(trx, userId, { title: ERASED_TEXTS.requestTitle }, now);
    await privacy.deleteStaffNoticesAbout(trx, [userId, ...listingIds], STAFF_NOTICE_TYPES);
    await privacy.rewriteNoticesOfListingReports(trx, userId, ERASED_LISTING_REPORT_NOTICE);
    const { orderIds, quotedReasons } = await privacy.eraseOrderTexts(trx, userId, CLOSURE_REASONS);
    await privacy.eraseQuotedTexts(trx, orderIds, quotedReasons, ERASED_TEXTS.quoted);
    await privacy.eraseMessages(trx, userId);
    await privacy.eraseHandoverNotes(trx, userId);
    await privacy.eraseReportTexts(trx, userId);
    await privacy.eraseProblemTexts(trx, userId);
    await privacy.eraseDepositReasons(trx, userId);
    await eraseImagesOf(deps, trx, userId);
    await deps.sessions.revokeAll(trx, userId);
    await privacy.deleteOwnedRows(trx, userId);
    await privacy.deleteByEmail(trx, person.email);
    await privacy.eraseAcceptedInvite(trx, userId, users.anonymisedEmail(userId));
    await users.eraseAccount(trx, { userId, passwordHash, at: now });
    await audit.forgetPersonalValues(trx, userId);
    await audit.redactEntriesAbout(trx, { userId, listingIds, orderIds, requestIds }, CLOSURE_REASONS);
    await privacy.replaceNameInKeptTexts(trx, person.full_name, EX_RESIDENT_NAME);
    await deps.sockets.requestClose(trx, userId);
    await audit.record(deps, trx, { actorId, action: AUDIT_ACTIONS.userAnonymized, targetType: 'user', targetId: userId });
  });
  return { message: ADMIN_USER_MESSAGES.anonymized };
}

const STAFF_NOTICE_TYPES = Object.values(PENDING_ITEM_NOTIFICATIONS).map((kind) => kind.type);

/** A report's staff notice once the reported listing's title is erased. */
const ERASED_LISTING_REPORT_NOTICE = {
  type: PENDING_ITEM_NOTIFICATIONS.report.type,
  ...PENDING_ITEM_NOTIFICATIONS.report.text(reportedListingLabel(ERASED_TEXTS.listingTitle)),
};

/** The account closure's own reasons: written by the app, naming nobody, so kept. */
const CLOSURE_REASONS: readonly string[] = Object.values(ACCOUNT_CLOSED_REASONS);

/** Dates become ISO strings: the export is a plain JSON document. */
function toJson<T>(value: T): JsonOf<T> {
  return JSON.parse(JSON.stringify(value)) as JsonOf<T>;
}
type JsonOf<T> = T extends Date ? string : T extends (infer U)[] ? JsonOf<U>[] : T extends object ? { [K in keyof T]: JsonOf<T[K]> } : T;
