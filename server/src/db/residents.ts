import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database, UsersTable } from './schema.ts';

/**
 * An active resident (the person read as alias u): approved and not suspended. Only they
 * are shown to neighbours with their listings, let people in with their invite code, and
 * count among the administrators who can still act.
 */
export const isActiveResident: Expression<SqlBool> = (() => {
  const eb = expressionBuilder<{ u: UsersTable }, 'u'>();
  return eb.and([eb('u.approval_status', '=', 'approved'), eb('u.is_suspended', '=', false)]);
})();

/** Who invited the person (read from users, unaliased), by name: null for a sign-up without an invite. */
export const invitedByName = expressionBuilder<Database, 'users'>()
  .selectFrom('users as inviter')
  .select('inviter.full_name')
  .whereRef('inviter.id', '=', 'users.invited_by')
  .as('invited_by_name');
