import type { OwnProfile, SessionUser } from '@vizinhanca/shared/users/user.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as users from './users.repository.ts';

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

export async function ownProfile(deps: AppDeps, userId: string): Promise<OwnProfile> {
  const row = await users.findProfile(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    block: row.block,
    apartment: row.apartment,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    roles: row.roles,
    createdAt: row.created_at,
  };
}
