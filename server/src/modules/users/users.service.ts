import type { OwnProfile, ProfileStats, SessionUser } from '@vizinhanca/shared/users/user.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ownAvatarImage } from '../images/images.service.ts';
import { countByOwner } from '../listings/listings.repository.ts';
import { countAsRequester } from '../orders/orders.repository.ts';
import { summaryOf } from '../reviews/reviews.service.ts';
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

/** The profile's stats: own listings that are not deleted, orders made as requester, the real rating received. */
export async function stats(deps: AppDeps, userId: string): Promise<ProfileStats> {
  const [listings, orders, rating] = await Promise.all([countByOwner(deps.db, userId), countAsRequester(deps.db, userId), summaryOf(deps.db, userId)]);
  return { listings, orders, rating };
}

/** Shows an uploaded (re-encoded, square) photo as the person's avatar everywhere they appear. */
export async function setAvatar(deps: AppDeps, userId: string, imageId: string) {
  const image = await ownAvatarImage(deps, userId, imageId);
  await users.updateAvatarUrl(deps.db, userId, image.detailUrl);
  return { avatarUrl: image.detailUrl, message: 'Foto atualizada!' };
}

/** Every column of the person's own record that may leave the server (for their data export). */
export async function accountRecord(deps: AppDeps, userId: string) {
  const row = await users.findProfile(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
  return row;
}
