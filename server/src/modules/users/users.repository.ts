import { sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import { newestCreatedPage } from '../../db/paging.ts';
import type { Db } from '../../db/database.ts';
import { invitedByName, isActiveResident } from '../../db/residents.ts';
import type { UserStatusFilter } from '@vizinhanca/shared/users/admin-users.schema';
import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';

export interface NewUser {
  email: string;
  passwordHash: string;
  fullName: string;
  cpf: string | null;
  phone: string | null;
  block: string | null;
  apartment: string | null;
  approvalStatus?: ApprovalStatus;
  /** The sign-up, on the app's clock (the demo seed writes a past). */
  createdAt: Date;
  /** An approved one's approval; the sign-up's moment when left out. */
  approvedAt?: Date;
}

/** What a person tells about themselves at sign-up (besides the password): the administration reads it to approve them. */
const SIGN_UP_COLUMNS = ['email', 'full_name', 'cpf', 'phone', 'block', 'apartment'] as const;

/** A person's own columns that both their profile and the administration read. */
const PERSON_COLUMNS = ['id', ...SIGN_UP_COLUMNS, 'bio', 'approval_status', 'is_suspended', 'created_at'] as const;

const rolesOf = sql<Role[]>`coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles WHERE user_roles.user_id = users.id), '{}')`;

export function findCredentialsByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

export function findPasswordHash(db: Db, userId: string) {
  return db.selectFrom('users').select(['password_hash']).where('id', '=', userId).executeTakeFirst();
}

export async function emailOrCpfTaken(db: Db, email: string, cpf: string) {
  const rows = await db.selectFrom('users').select(['email', 'cpf']).where((eb) => eb.or([eb('email', '=', email), eb('cpf', '=', cpf)])).execute();
  return { email: rows.some((row) => row.email === email), cpf: rows.some((row) => row.cpf === cpf) };
}

export function insertUser(db: Db, user: NewUser) {
  return db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      full_name: user.fullName,
      cpf: user.cpf,
      phone: user.phone,
      block: user.block,
      apartment: user.apartment,
      approval_status: user.approvalStatus ?? 'pending',
      approved_at: user.approvalStatus === 'approved' ? (user.approvedAt ?? user.createdAt) : null,
      created_at: user.createdAt,
      updated_at: user.approvalStatus === 'approved' ? (user.approvedAt ?? user.createdAt) : user.createdAt,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export function setInvitedBy(db: Db, userId: string, inviterId: string) {
  return db.updateTable('users').set({ invited_by: inviterId }).where('id', '=', userId).execute();
}

export function updateAvatarUrl(db: Db, userId: string, avatarUrl: string, at: Date) {
  return db.updateTable('users').set({ avatar_url: avatarUrl, updated_at: at }).where('id', '=', userId).execute();
}

export function updatePasswordHash(db: Db, userId: string, passwordHash: string, at: Date) {
  return db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
}

/** The signed-in user's own profile (CPF and e-mail are theirs to see). */
export function findProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([...PERSON_COLUMNS, 'avatar_url', 'rejection_reason', rolesOf.as('roles')])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listPendingUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', ...SIGN_UP_COLUMNS, 'created_at', 'avatar_url', invitedByName])
    .where('approval_status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export function countPendingUsers(db: Db) {
  return countRows(db.selectFrom('users').where('approval_status', '=', 'pending'));
}

/** Moves a pending sign-up to approved or rejected; returns nothing when it was not pending (already decided). */
export function decidePendingUser(db: Db, userId: string, decision: { status: 'approved' | 'rejected'; reason: string | null }, at: Date) {
  return db
    .updateTable('users')
    .set({
      approval_status: decision.status,
      rejection_reason: decision.status === 'rejected' ? decision.reason : null,
      approved_at: decision.status === 'approved' ? at : null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .where('approval_status', '=', 'pending')
    .returning(['id', 'email', 'full_name'])
    .executeTakeFirst();
}

/** `at`: on the app's clock (the demo seed writes a past). */
export function grantRole(db: Db, userId: string, role: Role, at: Date) {
  return db
    .insertInto('user_roles')
    .values({ user_id: userId, role, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function approveUserById(db: Db, userId: string, at: Date) {
  return db
    .updateTable('users')
    .set({ approval_status: 'approved', is_suspended: false, approved_at: at, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Whether anyone has an account yet (the demo seed fills only an empty database). */
export async function hasAnyUser(db: Db) {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
}

// ---- The administration's people sections ----

/** Lower case without accents, so 'jose' finds 'José' (no extension needed: a fixed map of pt-BR letters). */
function folded(expression: ReturnType<typeof sql>) {
  return sql<string>`translate(lower(${expression}), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`;
}

export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

const ADMIN_USER_COLUMNS = [...PERSON_COLUMNS, 'avatar_url', 'anonymized_at', 'updated_at'] as const;

export interface AdminUserFilters {
  search: string | null;
  status: UserStatusFilter;
  cursor: string | null;
  limit: number;
}

/** Every person, newest first, one keyset page (limit + 1 rows). */
export function listForAdmin(db: Db, filters: AdminUserFilters) {
  let query = db.selectFrom('users').select(ADMIN_USER_COLUMNS).select(rolesOf.as('roles'));
  if (filters.search) {
    // %, _ and \ typed by the admin are literal characters, not wildcards.
    const pattern = `%${foldForSearch(filters.search).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(folded(sql.ref('full_name')), 'like', pattern),
        eb(sql`lower(email)`, 'like', pattern),
        eb(folded(sql`coalesce(apartment, '')`), 'like', pattern),
      ]),
    );
  }
  if (filters.status === 'suspended') query = query.where('is_suspended', '=', true);
  else if (filters.status !== 'all') query = query.where('approval_status', '=', filters.status).where('is_suspended', '=', false);
  return newestCreatedPage(query, { table: 'users', alias: 'users' }, filters).execute();
}
export type AdminUserRow = Awaited<ReturnType<typeof listForAdmin>>[number];

export function findForAdmin(db: Db, userId: string) {
  return db.selectFrom('users').select(ADMIN_USER_COLUMNS).select(rolesOf.as('roles')).where('id', '=', userId).executeTakeFirst();
}

/** The person's row locked for an administrator's change: two admins at once take turns. */
export function lockForAdmin(db: Db, userId: string) {
  return db.selectFrom('users').select(ADMIN_USER_COLUMNS).select(rolesOf.as('roles')).where('id', '=', userId).forUpdate().executeTakeFirst();
}

export interface AdminProfileChange {
  fullName: string;
  phone: string | null;
  block: string | null;
  apartment: string | null;
  bio: string | null;
  approvalStatus: ApprovalStatus;
  isSuspended: boolean;
}

/**
 * Writes the administrator's edit at `at` (the app's clock). updated_at is the row's version: it always
 * moves forward (at least 1 ms, even on a clock that stands still), so a dialog opened before this save is refused.
 */
export function updateByAdmin(db: Db, userId: string, change: AdminProfileChange, approvedAt: Date | null | undefined, at: Date) {
  return db
    .updateTable('users')
    .set({
      full_name: change.fullName,
      phone: change.phone,
      block: change.block,
      apartment: change.apartment,
      bio: change.bio,
      approval_status: change.approvalStatus,
      is_suspended: change.isSuspended,
      ...(approvedAt !== undefined ? { approved_at: approvedAt } : {}),
      ...(change.approvalStatus !== 'rejected' ? { rejection_reason: null } : {}),
      updated_at: sql<Date>`greatest(${at}::timestamptz, updated_at + interval '1 millisecond')`,
    })
    .where('id', '=', userId)
    .execute();
}

/** Suspends the person (a decision on a report); the row's version moves forward as an administrator's edit does. */
export function setSuspended(db: Db, userId: string, at: Date) {
  return db
    .updateTable('users')
    .set({ is_suspended: true, updated_at: sql<Date>`greatest(${at}::timestamptz, updated_at + interval '1 millisecond')` })
    .where('id', '=', userId)
    .execute();
}

export function removeRole(db: Db, userId: string, role: Role) {
  return db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
}

/** Administrators who can still act (approved, not suspended), other than this one. */
export function countOtherActiveAdmins(db: Db, userId: string) {
  return countRows(
    db
      .selectFrom('user_roles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .where('r.role', '=', 'admin')
      .where('u.id', '!=', userId)
      .where(isActiveResident),
  );
}

/** LGPD: the person's own data is removed; the row stays (as 'Ex-morador') for past orders and reviews. */
export function anonymize(db: Db, userId: string, fields: { fullName: string; email: string; passwordHash: string; at: Date }) {
  return db
    .updateTable('users')
    .set({
      full_name: fields.fullName,
      email: fields.email,
      password_hash: fields.passwordHash,
      cpf: null,
      phone: null,
      block: null,
      apartment: null,
      bio: null,
      avatar_url: null,
      rejection_reason: null,
      invited_by: null,
      is_suspended: true,
      anonymized_at: fields.at,
      updated_at: sql<Date>`greatest(${fields.at}::timestamptz, updated_at + interval '1 millisecond')`,
    })
    .where('id', '=', userId)
    .execute();
}

export function removeAllRoles(db: Db, userId: string) {
  return db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
}

export function exists(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export function countAll(db: Db) {
  return countRows(db.selectFrom('users').where('anonymized_at', 'is', null));
}

/** Every person, oldest first, streamed for the CSV export (the only export with CPF). */
export function streamForExport(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'cpf', 'phone', 'block', 'apartment', 'approval_status', 'is_suspended', 'created_at'])
    .select(rolesOf.as('roles'))
    .orderBy('created_at')
    .orderBy('id')
    .stream(1000);
}
