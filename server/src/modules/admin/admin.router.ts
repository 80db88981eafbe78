import { approveUserSchema, rejectUserSchema } from '@vizinhanca/shared/users/admin.schema';
import { pendingUserSchema } from '@vizinhanca/shared/users/user.schema';
import { z } from 'zod';
import { adminProcedure, router, staffProcedure } from '../../trpc.ts';
import * as admin from './admin.service.ts';

export const adminRouter = router({
  /** Counts for the pendencies card (anúncios and cadastros); moderators do not see people's sign-ups. */
  pendencies: staffProcedure
    .output(z.object({ pendingUsers: z.number(), pendingListings: z.number() }))
    .query(({ ctx }) => admin.pendencies(ctx.deps, ctx.user.roles.includes('admin'))),

  pendingUsers: adminProcedure.output(z.array(pendingUserSchema)).query(({ ctx }) => admin.pendingUsers(ctx.deps)),

  approveUser: adminProcedure
    .input(approveUserSchema)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => admin.approveUser(ctx.deps, input.userId, ctx.meta)),

  rejectUser: adminProcedure
    .input(rejectUserSchema)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => admin.rejectUser(ctx.deps, input.userId, input.reason, ctx.meta)),
});
