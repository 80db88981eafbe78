import { redirect } from '@tanstack/react-router';
import { accountState, isFrontDesk } from '@vizinhanca/shared/users/user.types';
import type { RouterContext } from './router-context.ts';
import { ensureSession, type SessionUser } from './session.ts';

/** /auth: whoever is signed in goes home (and from there wherever their account state allows). */
export async function redirectSignedIn(context: RouterContext): Promise<void> {
  const user = await ensureSession(context);
  if (user) throw redirect({ to: '/', replace: true });
}

/** /pending-approval: only for signed-in users who may not use the app (pending, rejected, suspended). */
export async function requireNotApproved(context: RouterContext): Promise<SessionUser> {
  const user = await ensureSession(context);
  if (!user) throw redirect({ to: '/auth', replace: true });
  if (accountState(user) === 'approved') throw redirect({ to: '/', replace: true });
  return user;
}

/**
 * Every regular screen: signed in, approved and not suspended. The front desk's
 * account ('portaria' role) has /portaria only, and /portaria is for it alone.
 */
export async function requireApproved(context: RouterContext, frontDesk = false): Promise<SessionUser> {
  const user = await ensureSession(context);
  if (!user) throw redirect({ to: '/auth', replace: true });
  if (accountState(user) !== 'approved') throw redirect({ to: '/pending-approval', replace: true });
  if (isFrontDesk(user.roles) !== frontDesk) throw redirect({ to: frontDesk ? '/' : '/portaria', replace: true });
  return user;
}
