import { neighbourByIdSchema, neighbourSchema, ownProfileSchema, profileStatsSchema } from '@vizinhanca/shared/users/user.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import { neighbour, ownProfile, stats } from './users.service.ts';

export const usersRouter = router({
  me: approvedProcedure.output(ownProfileSchema).query(({ ctx }) => ownProfile(ctx.deps, ctx.user.id)),

  /** The profile's stats (2.11): listings, orders made, and the real rating. */
  stats: approvedProcedure.output(profileStatsSchema).query(({ ctx }) => stats(ctx.deps, ctx.user.id)),

  /** A neighbour's page (/vizinho/{id}): name, apartment, avatar, member since and ratings; no phone, e-mail or CPF. */
  neighbour: approvedProcedure
    .input(neighbourByIdSchema)
    .output(neighbourSchema)
    .query(({ ctx, input }) => neighbour(ctx.deps, input.id)),
});
