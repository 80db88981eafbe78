import { ownProfileSchema } from '@vizinhanca/shared/users/user.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import { ownProfile } from './users.service.ts';

export const usersRouter = router({
  me: approvedProcedure.output(ownProfileSchema).query(({ ctx }) => ownProfile(ctx.deps, ctx.user.id)),
});
