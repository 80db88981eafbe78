import { expressionBuilder, type Expression, sql, type SqlBool } from 'kysely';
import type { Database, UsersTable } from './schema.ts';

/**
 * An active resident (the person read as alias u): approved and not suspended. Only they
 * are shown to neighbours with their listings, let people in with their invite code, and
 * count among the administrators who can still act. Its constants are literals in the text:
 * a generic plan is then costed with them (decision 048).
 */
export const isActiveResident: Expression<SqlBool> = (() => {
  const eb = expressionBuilder<{ u: UsersTable }, 'u'>();
  return eb.and([eb('u.approval_status', '=', sql.lit('approved')), eb('u.is_suspended', '=', sql.lit(false))]);
})();

/** Who invited the person (read from users, unaliased), by name: null for a sign-up without an invite. */
export const invitedByName = expressionBuilder<Database, 'users'>()
  .selectFrom('users as inviter')
  .select('inviter.full_name')
  .whereRef('inviter.id', '=', 'users.invited_by')
  .as('invited_by_name');
