import { ownProfileSchema, profileStatsSchema } from '@vizinhanca/shared/users/user.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import { ownProfile, stats } from './users.service.ts';

export const usersRouter = router({
  me: approvedProcedure.output(ownProfileSchema).query(({ ctx }) => ownProfile(ctx.deps, ctx.user.id)),

  /** The profile's stats (docs/product.md §10.9): listings, orders made, and the real rating. */
  stats: approvedProcedure.output(profileStatsSchema).query(({ ctx }) => stats(ctx.deps, ctx.user.id)),
});
