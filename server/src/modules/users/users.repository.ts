import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
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
}

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
      approved_at: user.approvalStatus === 'approved' ? new Date() : null,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export function setInvitedBy(db: Db, userId: string, inviterId: string) {
  return db.updateTable('users').set({ invited_by: inviterId }).where('id', '=', userId).execute();
}

export function updateAvatarUrl(db: Db, userId: string, avatarUrl: string) {
  return db.updateTable('users').set({ avatar_url: avatarUrl, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function updatePasswordHash(db: Db, userId: string, passwordHash: string) {
  return db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** The signed-in user's own profile (CPF and e-mail are theirs to see). */
export function findProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'full_name',
      'cpf',
      'phone',
      'block',
      'apartment',
      'bio',
      'avatar_url',
      'approval_status',
      'rejection_reason',
      'is_suspended',
      'created_at',
      rolesOf.as('roles'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listPendingUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('users as inviter', 'inviter.id', 'users.invited_by')
    .select([
      'users.id',
      'users.email',
      'users.full_name',
      'users.cpf',
      'users.phone',
      'users.block',
      'users.apartment',
      'users.created_at',
      'inviter.full_name as invited_by_name',
    ])
    .where('users.approval_status', '=', 'pending')
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(200)
    .execute();
}

export function countPendingUsers(db: Db) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('approval_status', '=', 'pending')
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** Moves a pending sign-up to approved or rejected; returns nothing when it was not pending (already decided). */
export function decidePendingUser(db: Db, userId: string, decision: { status: 'approved' | 'rejected'; reason: string | null }) {
  return db
    .updateTable('users')
    .set({
      approval_status: decision.status,
      rejection_reason: decision.status === 'rejected' ? decision.reason : null,
      approved_at: decision.status === 'approved' ? new Date() : null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .where('approval_status', '=', 'pending')
    .returning(['id', 'email', 'full_name'])
    .executeTakeFirst();
}

export function grantRole(db: Db, userId: string, role: Role) {
  return db.insertInto('user_roles').values({ user_id: userId, role }).onConflict((oc) => oc.doNothing()).execute();
}

export function approveUserById(db: Db, userId: string) {
  return db
    .updateTable('users')
    .set({ approval_status: 'approved', is_suspended: false, approved_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
}
