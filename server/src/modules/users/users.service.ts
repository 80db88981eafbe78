import { NEIGHBOUR_MESSAGES, type Neighbour, type OwnProfile, type ProfileStats, type SessionUser } from '@vizinhanca/shared/users/user.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
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
    phone: row.phone,
    block: row.block,
    apartment: row.apartment,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    roles: row.roles,
    createdAt: row.created_at,
  };
}

/** A neighbour's page: an approved, active resident's public data and ratings; anyone else reads as not found. */
export async function neighbour(deps: AppDeps, id: string): Promise<Neighbour> {
  const row = await users.findProfile(deps.db, id);
  if (!row || row.approval_status !== 'approved' || row.is_suspended) throw new AppError('NOT_FOUND', NEIGHBOUR_MESSAGES.notFound);
  const [rating, renterRating] = await Promise.all([summaryOf(deps, id, 'owner'), summaryOf(deps, id, 'requester')]);
  return { id: row.id, fullName: row.full_name, apartment: row.apartment, avatarUrl: row.avatar_url, memberSince: row.created_at, rating, renterRating };
}

/** The profile's stats: own listings that are not deleted, orders made as requester, the real ratings received as lender and as renter. */
export async function stats(deps: AppDeps, userId: string): Promise<ProfileStats> {
  const [listings, orders, rating, renterRating] = await Promise.all([
    countByOwner(deps.db, userId),
    countAsRequester(deps.db, userId),
    summaryOf(deps, userId, 'owner'),
    summaryOf(deps, userId, 'requester'),
  ]);
  return { listings, orders, rating, renterRating };
}
