import { BLOCK_MESSAGES, type BlockedPeople } from '@vizinhanca/shared/blocks/block.schema';
import { isStaff } from '@vizinhanca/shared/users/user.types';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as blocks from './blocks.repository.ts';

/** Who blocked whom, as the session carries it (read with the session, dropped on a change: migration 2027_02_07_0701). */
export type BlockView = Pick<AuthUser, 'blockedIds' | 'blockedByIds'>;

/** Whether a block stands between the viewer and this person, whichever of the two made it. */
export function isHidden(viewer: BlockView, personId: string): boolean {
  return viewer.blockedIds.includes(personId) || viewer.blockedByIds.includes(personId);
}

/**
 * Refuses anything that would show or reach a person a block stands between: the one who
 * blocked reads why (and where to undo it); the blocked one reads `notFound`, as for anything
 * that does not exist (they are not told).
 */
export function refuseIfHidden(viewer: BlockView, personId: string, notFound: { code: 'NOT_FOUND' | 'FORBIDDEN'; message: string }): void {
  if (viewer.blockedIds.includes(personId)) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.youBlocked, 'BLOCKED_BY_ME');
  if (viewer.blockedByIds.includes(personId)) throw new AppError(notFound.code, notFound.message);
}

/** Items whose person a block stands between the viewer and, taken out; the same array when the viewer has no blocks (the cached feed's case). */
export function withoutHidden<T>(viewer: BlockView, items: T[], personOf: (item: T) => string): T[] {
  if (viewer.blockedIds.length === 0 && viewer.blockedByIds.length === 0) return items;
  return items.filter((item) => !isHidden(viewer, personOf(item)));
}

/** 'Bloquear': never oneself, never the administration; blocking again changes nothing. */
export async function block(deps: AppDeps, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw new AppError('BAD_REQUEST', BLOCK_MESSAGES.self);
  const target = await blocks.findTarget(deps.db, blockedId);
  if (!target || target.anonymized_at) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.personNotFound);
  if (isStaff(target.roles)) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.staff);
  await blocks.insertBlock(deps.db, blockerId, blockedId, deps.clock.now());
  // The blocker's next screen (the conversation, the feed) must already show the block.
  deps.sessions.forgetPeople([blockerId, blockedId]);
  return { message: BLOCK_MESSAGES.blocked };
}

export async function unblock(deps: AppDeps, blockerId: string, blockedId: string) {
  await blocks.deleteBlock(deps.db, blockerId, blockedId);
  deps.sessions.forgetPeople([blockerId, blockedId]);
  return { message: BLOCK_MESSAGES.unblocked };
}

/** Settings → 'Pessoas bloqueadas'. */
export async function list(deps: AppDeps, blockerId: string): Promise<BlockedPeople> {
  const rows = await blocks.listBlocked(deps.db, blockerId);
  return { items: rows.map((row) => ({ id: row.id, fullName: row.full_name, apartment: row.apartment, avatarUrl: row.avatar_url, blockedAt: row.created_at })) };
}
