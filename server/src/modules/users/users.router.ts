import { neighbourByIdSchema, neighbourSchema, ownProfileSchema, profileStatsSchema, setAvatarOutputSchema, setAvatarSchema } from '@vizinhanca/shared/users/user.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import { neighbour, ownProfile, setAvatar, stats } from './users.service.ts';

export const usersRouter = router({
  me: approvedProcedure.output(ownProfileSchema).query(({ ctx }) => ownProfile(ctx.deps, ctx.user.id)),

  /** The profile's stats (docs/product.md §10.9): listings, orders made, and the real rating. */
  stats: approvedProcedure.output(profileStatsSchema).query(({ ctx }) => stats(ctx.deps, ctx.user.id)),

  /** Editar perfil: only the photo changes here (upload it first with POST /api/images?purpose=avatar). */
  setAvatar: approvedProcedure
    .input(setAvatarSchema)
    .output(setAvatarOutputSchema)
    .mutation(({ ctx, input }) => setAvatar(ctx.deps, ctx.user.id, input.imageId)),

  /** A neighbour's page (/vizinho/{id}): name, apartment, avatar, member since and ratings; no phone, e-mail or CPF. */
  neighbour: approvedProcedure
    .input(neighbourByIdSchema)
    .output(neighbourSchema)
    .query(({ ctx, input }) => neighbour(ctx.deps, ctx.user, input.id)),
});
