import { blockedPeopleSchema, blockPersonSchema } from '@vizinhanca/shared/blocks/block.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { z } from 'zod';
import { approvedProcedure, router } from '../../trpc.ts';
import * as blocks from './blocks.service.ts';

/** 'Bloquear' a neighbour, 'Desbloquear', and the settings' 'Pessoas bloqueadas'. */
export const blocksRouter = router({
  list: approvedProcedure
    .input(z.void())
    .output(blockedPeopleSchema)
    .query(({ ctx }) => blocks.list(ctx.deps, ctx.user.id)),

  block: approvedProcedure
    .input(blockPersonSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => blocks.block(ctx.deps, ctx.user.id, input.userId)),

  unblock: approvedProcedure
    .input(blockPersonSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => blocks.unblock(ctx.deps, ctx.user.id, input.userId)),
});
