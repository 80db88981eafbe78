import {
  createWantedOutputSchema,
  createWantedSchema,
  listWantedSchema,
  offerWantedSchema,
  renewWantedOutputSchema,
  updateWantedSchema,
  wantedByIdSchema,
  wantedDetailSchema,
  wantedPageSchema,
} from '@vizinhanca/shared/wanted/wanted.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, router } from '../../trpc.ts';
import * as wanted from './wanted.service.ts';

const authorAction = approvedProcedure.input(wantedByIdSchema).output(messageAnswerSchema);

/** 'Procura-se': what residents look for, and the neighbours' 'Eu tenho'. */
export const wantedRouter = router({
  /** The list (newest first), the author's own ('Meus pedidos'), and the search's section. */
  list: approvedProcedure
    .input(listWantedSchema)
    .output(wantedPageSchema)
    .query(({ ctx, input }) => wanted.list(ctx.deps, ctx.user, input)),

  byId: approvedProcedure
    .input(wantedByIdSchema)
    .output(wantedDetailSchema)
    .query(({ ctx, input }) => wanted.byId(ctx.deps, ctx.user, input.id)),

  create: approvedProcedure
    .input(createWantedSchema)
    .output(createWantedOutputSchema)
    .mutation(({ ctx, input }) => wanted.create(ctx.deps, ctx.user.id, input)),

  update: approvedProcedure
    .input(updateWantedSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => wanted.update(ctx.deps, ctx.user.id, input)),

  delete: authorAction.mutation(({ ctx, input }) => wanted.remove(ctx.deps, ctx.user.id, input.id)),

  renew: approvedProcedure
    .input(wantedByIdSchema)
    .output(renewWantedOutputSchema)
    .mutation(({ ctx, input }) => wanted.renew(ctx.deps, ctx.user.id, input.id)),

  /** 'Encontrei'. */
  found: authorAction.mutation(({ ctx, input }) => wanted.found(ctx.deps, ctx.user.id, input.id)),

  /** 'Eu tenho' with one of the caller's active listings. */
  offer: approvedProcedure
    .input(offerWantedSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => wanted.offer(ctx.deps, ctx.user, input)),
});
