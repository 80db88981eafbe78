import { NEIGHBOUR_MESSAGES, type Neighbour, type OwnProfile, type ProfileStats, type SessionUser } from '@vizinhanca/shared/users/user.schema';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import {
  ADMIN_USER_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  EX_RESIDENT_NAME,
  type AdminUser,
  type updateAdminUserSchema,
  type UserStatusFilter,
} from '@vizinhanca/shared/users/admin-users.schema';
import { isStaff, ROLES, type ApprovalStatus } from '@vizinhanca/shared/users/user.types';
import type { z } from 'zod';
import { generateToken, hashPassword } from '../../auth/crypto.ts';
import type { AppDeps } from '../../context.ts';
import { pageOf } from '../../db/paging.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import * as listings from '../listings/listings.service.ts';
import * as orders from '../orders/orders.service.ts';
import { ownAvatarImage } from '../images/images.service.ts';
import { summaryOf } from '../reviews/reviews.service.ts';
import * as users from './users.repository.ts';
import { refuseIfHidden, type BlockView } from '../blocks/blocks.service.ts';
import { ACCOUNT_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

export async function sessionUser(deps: AppDeps, userId: string): Promise<SessionUser | null> {
  const row = await users.findProfile(deps.db, userId);
  if (!row) return null;
  return {
    id: row.id,
    fullName: row.full_name,
    approvalStatus: row.approval_status,
    isSuspended: row.is_suspended,
    roles: row.roles,
    rejectionReason: row.approval_status === 'rejected' ? row.rejection_reason : null,
  };
}

type PersonRow = Pick<users.AdminUserRow, 'id' | 'full_name' | 'email' | 'cpf' | 'phone' | 'block' | 'apartment' | 'bio' | 'avatar_url' | 'roles' | 'created_at'>;

/** A person's own data, as they see it in their profile and the administration sees it. */
function personOf(row: PersonRow): OwnProfile {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    cpf: row.cpf,
    phone: row.phone,
    block: row.block,
    apartment: row.apartment,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    roles: row.roles,
    createdAt: row.created_at,
  };
}

export async function ownProfile(deps: AppDeps, userId: string): Promise<OwnProfile> {
  const row = await users.findProfile(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
  return personOf(row);
}

/** A neighbour's page: an approved, active resident's public data and ratings; anyone else reads as not found. */
export async function neighbour(deps: AppDeps, viewer: BlockView & { id: string }, id: string): Promise<Neighbour> {
  const row = await users.findProfile(deps.db, id);
  if (!row || row.approval_status !== 'approved' || row.is_suspended) throw new AppError('NOT_FOUND', NEIGHBOUR_MESSAGES.notFound);
  refuseIfHidden(viewer, row.id, { code: 'NOT_FOUND', message: NEIGHBOUR_MESSAGES.notFound });
  const [rating, renterRating] = await Promise.all([summaryOf(deps, id, 'owner'), summaryOf(deps, id, 'requester')]);
  const self = row.id === viewer.id;
  return {
    id: row.id,
    fullName: row.full_name,
    apartment: row.apartment,
    avatarUrl: row.avatar_url,
    memberSince: row.created_at,
    rating,
    renterRating,
    canReport: !self,
    // The administration cannot be blocked (they must be able to reach everyone).
    canBlock: !self && !isStaff(row.roles),
  };
}

/** The profile's stats: own listings that are not deleted, orders made as requester, the real ratings received as lender and as renter. */
export async function stats(deps: AppDeps, userId: string): Promise<ProfileStats> {
  const [listingCount, orderCount, rating, renterRating] = await Promise.all([
    listings.countByOwner(deps.db, userId),
    orders.countAsRequester(deps.db, userId),
    summaryOf(deps, userId, 'owner'),
    summaryOf(deps, userId, 'requester'),
  ]);
  return { listings: listingCount, orders: orderCount, rating, renterRating };
}

// What other modules (auth, admin) may read and write of people: nothing else of the repository.
export {
  countPendingUsers,
  decidePendingUser,
  emailOrCpfTaken,
  findCredentialsByEmail,
  findPasswordHash,
  findProfile,
  findUserIdByEmail,
  insertUser,
  listPendingUsers,
  setInvitedBy,
  updatePasswordHash,
} from './users.repository.ts';

/**
 * The maintainer's `user:create-admin`: the person with this e-mail becomes an approved
 * admin (password kept), or a new approved admin is created. Runs in the caller's transaction.
 */
export async function createOrPromoteAdmin(db: Db, account: { email: string; password: string; fullName: string }, at: Date) {
  const existing = await users.findUserIdByEmail(db, account.email);
  if (existing) {
    await users.approveUserById(db, existing.id, at);
    await users.grantRole(db, existing.id, 'admin', at);
    return { outcome: 'promoted' as const, userId: existing.id };
  }
  const { id } = await users.insertUser(db, {
    email: account.email,
    passwordHash: await hashPassword(account.password),
    fullName: account.fullName,
    cpf: null,
    phone: null,
    block: null,
    apartment: null,
    approvalStatus: 'approved',
    createdAt: at,
  });
  await users.grantRole(db, id, 'admin', at);
  return { outcome: 'created' as const, userId: id };
}

// ---- The administration: people (admins only) ----

function toAdminUser(row: users.AdminUserRow): AdminUser {
  return {
    ...personOf(row),
    approvalStatus: row.approval_status,
    isSuspended: row.is_suspended,
    anonymized: row.anonymized_at !== null,
    updatedAt: row.updated_at,
  };
}

export async function adminList(deps: AppDeps, filters: { search: string | null; status: UserStatusFilter; cursor: string | null }) {
  const rows = await users.listForAdmin(deps.db, { ...filters, limit: ADMIN_USERS_PAGE_SIZE });
  return pageOf(rows, ADMIN_USERS_PAGE_SIZE, toAdminUser);
}

export async function adminById(deps: AppDeps, userId: string): Promise<AdminUser> {
  const row = await users.findForAdmin(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', ADMIN_USER_MESSAGES.notFound);
  return toAdminUser(row);
}

export const exists = (db: Db, userId: string) => users.exists(db, userId);
export const countAll = (deps: AppDeps) => users.countAll(deps.db);
export const streamForExport = (db: Db) => users.streamForExport(db);

const PROFILE_FIELDS = ['fullName', 'phone', 'block', 'apartment', 'bio', 'approvalStatus'] as const;

/** The fields that changed, before and after, for the audit log. */
function profileDiff(row: users.AdminUserRow, input: users.AdminProfileChange) {
  const current = toAdminUser(row);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (current[field] !== input[field]) {
      before[field] = current[field];
      after[field] = input[field];
    }
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/**
 * The edit dialog's save: profile, approval, suspension and roles, in one
 * transaction with the row locked. A dialog opened before someone else's save
 * is refused (nothing lost, nothing half-written); the last administrator keeps
 * their power; every change goes to the audit log.
 */
export async function adminUpdate(deps: AppDeps, actorId: string, input: z.output<typeof updateAdminUserSchema>) {
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await users.lockForAdmin(trx, input.userId);
    if (!row) throw new AppError('NOT_FOUND', ADMIN_USER_MESSAGES.notFound);
    if (row.updated_at.getTime() !== input.expectedUpdatedAt.getTime()) throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.conflict);

    const removesOwnAdmin = row.roles.includes('admin') && !input.roles.includes('admin');
    const locksSelfOut = input.isSuspended || input.approvalStatus !== 'approved';
    if (input.userId === actorId && (removesOwnAdmin || locksSelfOut) && (await users.countOtherActiveAdmins(trx, actorId)) === 0) {
      throw new AppError('FORBIDDEN', removesOwnAdmin ? ADMIN_USER_MESSAGES.lastAdminRole : ADMIN_USER_MESSAGES.lastAdminSuspend);
    }

    const change: users.AdminProfileChange = {
      fullName: input.fullName,
      phone: input.phone,
      block: input.block,
      apartment: input.apartment,
      bio: input.bio,
      approvalStatus: input.approvalStatus,
      isSuspended: input.isSuspended,
    };
    // One moment for the whole edit: the approval, the row's version and any role granted.
    const now = deps.clock.now();
    const approvedAt = input.approvalStatus === row.approval_status ? undefined : input.approvalStatus === 'approved' ? now : null;
    await users.updateByAdmin(trx, input.userId, change, approvedAt, now);

    const target = { targetType: 'user' as const, targetId: input.userId, actorId };
    const diff = profileDiff(row, change);
    if (diff) await audit.record(deps, trx, { ...target, action: AUDIT_ACTIONS.userUpdated, ...diff, reason: input.reason });

    for (const role of ROLES) {
      const had = row.roles.includes(role);
      const has = input.roles.includes(role);
      if (had === has) continue;
      if (has) await users.grantRole(trx, input.userId, role, now);
      else await users.removeRole(trx, input.userId, role);
      await audit.record(deps, trx, {
        ...target,
        action: has ? AUDIT_ACTIONS.userRoleGranted : AUDIT_ACTIONS.userRoleRemoved,
        before: { roles: row.roles },
        after: { roles: input.roles },
        reason: input.reason,
      });
    }

    if (input.isSuspended !== row.is_suspended) await recordSuspension(deps, trx, { actorId, userId: input.userId, suspended: input.isSuspended, reason: input.reason });
    if (input.isSuspended && !row.is_suspended) await suspensionTakesEffect(deps, trx, { actorId, userId: input.userId, reason: input.reason });
    const rightsChanged = diff?.after.approvalStatus !== undefined || input.isSuspended !== row.is_suspended || input.roles.join() !== row.roles.join();
    if (rightsChanged) await rightsChangedNow(deps, trx, input.userId, { approvalStatus: input.approvalStatus, isSuspended: input.isSuspended });
    const fresh = await users.findForAdmin(trx, input.userId);
    return toAdminUser(fresh!);
  });
  // Committed: the person's next request here carries the new name, roles and rights at once.
  deps.sessions.forgetPeople([input.userId]);
  return { message: ADMIN_USER_MESSAGES.updated, user: updated };
}

function recordSuspension(deps: AppDeps, trx: Db, change: { actorId: string; userId: string; suspended: boolean; reason: string | null }) {
  return audit.record(deps, trx, {
    actorId: change.actorId,
    targetType: 'user',
    targetId: change.userId,
    action: change.suspended ? AUDIT_ACTIONS.userSuspended : AUDIT_ACTIONS.userReactivated,
    before: { isSuspended: !change.suspended },
    after: { isSuspended: change.suspended },
    reason: change.reason,
  });
}

/** Suspension takes effect at once: every session ends, and a suspended owner's pending orders are cancelled. */
async function suspensionTakesEffect(deps: AppDeps, trx: Db, change: { actorId: string; userId: string; reason: string | null }) {
  await deps.sessions.revokeAll(trx, change.userId);
  await orders.cancelPendingAsOwner(deps, trx, { actorId: change.actorId, ownerId: change.userId, reason: change.reason ?? ADMIN_USER_MESSAGES.suspensionReason });
}

/** Any change of what the person may do: their tabs re-check the account, their sockets reconnect with the new rights. */
async function rightsChangedNow(deps: AppDeps, trx: Db, userId: string, payload: { approvalStatus?: ApprovalStatus; isSuspended?: boolean }) {
  await deps.bus.publish(trx, { userId, kind: ACCOUNT_CHANGED_KIND, payload });
  await deps.sockets.requestClose(trx, userId);
}

/** The person's roles (a report's decision never suspends staff). */
export async function rolesOf(db: Db, userId: string) {
  return (await users.findProfile(db, userId))?.roles ?? [];
}

/**
 * 'Suspender' on a report, in the decision's transaction: as an administrator's edit
 * suspends (audit, sessions, pending orders, live tabs). Staff are never suspended this
 * way; false when the person was suspended already (nothing written).
 */
export async function suspendForReport(deps: AppDeps, trx: Db, change: { actorId: string; userId: string; reason: string | null }): Promise<boolean> {
  const row = await users.lockForAdmin(trx, change.userId);
  if (!row) throw new AppError('NOT_FOUND', ADMIN_USER_MESSAGES.notFound);
  if (row.is_suspended) return false;
  await users.setSuspended(trx, change.userId, deps.clock.now());
  await recordSuspension(deps, trx, { ...change, suspended: true });
  await suspensionTakesEffect(deps, trx, change);
  await rightsChangedNow(deps, trx, change.userId, { isSuspended: true });
  return true;
}

// ---- Anonymisation (LGPD), run by the privacy module in its transaction ----

/** The person about to be anonymised, locked; refused when unknown or already anonymised. */
export async function lockForAnonymisation(trx: Db, userId: string) {
  const row = await users.lockForAdmin(trx, userId);
  if (!row) throw new AppError('NOT_FOUND', ADMIN_USER_MESSAGES.notFound);
  if (row.anonymized_at) throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.alreadyAnonymized);
  return row;
}

/** An address nobody owns (the .invalid domain), unique per person: the column stays unique and not null. */
export const anonymisedEmail = (userId: string) => `ex-morador-${userId}@anonimizado.invalid`;

/** A hash of a random secret nobody keeps: no password opens it. Made before the transaction (hashing is slow; the row is locked). */
export const unusablePasswordHash = () => hashPassword(generateToken());

/**
 * The row stays, as 'Ex-morador', because past orders and reviews point to it: every
 * personal field is blanked, every role removed, and the unusable password leaves no way in.
 */
export async function eraseAccount(trx: Db, { userId, passwordHash, at }: { userId: string; passwordHash: string; at: Date }) {
  await users.anonymize(trx, userId, { fullName: EX_RESIDENT_NAME, email: anonymisedEmail(userId), passwordHash, at });
  await users.removeAllRoles(trx, userId);
}

/** Shows an uploaded (re-encoded, square) photo as the person's avatar everywhere they appear. */
export async function setAvatar(deps: AppDeps, userId: string, imageId: string) {
  const image = await ownAvatarImage(deps, userId, imageId);
  await users.updateAvatarUrl(deps.db, userId, image.detailUrl, deps.clock.now());
  return { avatarUrl: image.detailUrl, message: 'Foto atualizada!' };
}

/** Every column of the person's own record that may leave the server (for their data export). */
export async function accountRecord(deps: AppDeps, userId: string) {
  const row = await users.findProfile(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
  return row;
}
