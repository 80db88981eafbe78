import { auditListSchema, auditPageSchema } from '@vizinhanca/shared/audit/audit.schema';
import {
  adminPendenciesSchema,
  adminSummarySchema,
  adminUserByIdSchema,
  adminUserSchema,
  adminUsersListSchema,
  adminUsersPageSchema,
  advertisersListSchema,
  advertisersPageSchema,
  updateAdminUserAnswerSchema,
  updateAdminUserSchema,
} from '@vizinhanca/shared/users/admin-users.schema';
import { approveUserSchema, rejectUserSchema } from '@vizinhanca/shared/users/admin.schema';
import { exportPersonRequestSchema, personalDataExportSchema } from '@vizinhanca/shared/privacy/privacy.schema';
import { pendingUsersSchema } from '@vizinhanca/shared/users/user.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { adminProcedure, router, staffProcedure } from '../../trpc.ts';
import * as audit from '../audit/audit.service.ts';
import * as listings from '../listings/listings.service.ts';
import * as privacy from '../privacy/privacy.service.ts';
import * as users from '../users/users.service.ts';
import * as admin from './admin.service.ts';

/** Usuários and Anunciantes (admins only: people's data, decisions.md). */
const usersRouter = router({
  list: adminProcedure
    .input(adminUsersListSchema)
    .output(adminUsersPageSchema)
    .query(({ ctx, input }) => users.adminList(ctx.deps, input)),

  byId: adminProcedure
    .input(adminUserByIdSchema)
    .output(adminUserSchema)
    .query(({ ctx, input }) => users.adminById(ctx.deps, input.userId)),

  update: adminProcedure
    .input(updateAdminUserSchema)
    .output(updateAdminUserAnswerSchema)
    .mutation(({ ctx, input }) => users.adminUpdate(ctx.deps, ctx.user.id, input)),

  anonymize: adminProcedure
    .input(adminUserByIdSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => privacy.anonymize(ctx.deps, ctx.user.id, input.userId)),

  /** LGPD: everything the app holds about one person, as JSON (the same copy they can download themselves). */
  exportData: adminProcedure
    .input(exportPersonRequestSchema)
    .output(personalDataExportSchema)
    .query(({ ctx, input }) => privacy.exportPersonalData(ctx.deps, input.userId)),

  advertisers: adminProcedure
    .input(advertisersListSchema)
    .output(advertisersPageSchema)
    .query(({ ctx, input }) => listings.advertisers(ctx.deps, input.cursor)),
});

export const adminRouter = router({
  /** Counts for the pendencies card (anúncios and cadastros); moderators do not see people's sign-ups. */
  pendencies: staffProcedure
    .output(adminPendenciesSchema)
    .query(({ ctx }) => admin.pendencies(ctx.deps, ctx.user.roles.includes('admin'))),

  /** Every summary card's live count; what a moderator may not see reads zero. */
  summary: staffProcedure.output(adminSummarySchema).query(({ ctx }) => admin.summary(ctx.deps, ctx.user.roles.includes('admin'))),

  pendingUsers: adminProcedure.output(pendingUsersSchema).query(({ ctx }) => admin.pendingUsers(ctx.deps)),

  approveUser: adminProcedure
    .input(approveUserSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => admin.approveUser(ctx.deps, { actorId: ctx.user.id, userId: input.userId, meta: ctx.meta })),

  rejectUser: adminProcedure
    .input(rejectUserSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => admin.rejectUser(ctx.deps, { actorId: ctx.user.id, userId: input.userId, reason: input.reason, meta: ctx.meta })),

  /** Atividade: the audit log, latest 20 then 'Ver mais' (moderators see the history too). */
  activity: staffProcedure
    .input(auditListSchema)
    .output(auditPageSchema)
    .query(({ ctx, input }) => audit.list(ctx.deps, input.cursor)),

  users: usersRouter,
});
