import { orderPixInputSchema, orderPixSchema, pixKeySchema, savePixKeySchema } from '@vizinhanca/shared/pix/pix-key.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { z } from 'zod';
import { approvedProcedure, router } from '../../trpc.ts';
import * as pix from './pix.service.ts';

export const pixRouter = router({
  /** Settings: the user's own key (or null). */
  myKey: approvedProcedure
    .input(z.void())
    .output(pixKeySchema)
    .query(({ ctx }) => pix.myKey(ctx.deps, ctx.user.id)),

  saveKey: approvedProcedure
    .input(savePixKeySchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => pix.saveKey(ctx.deps, ctx.user.id, input)),

  removeKey: approvedProcedure
    .input(z.void())
    .output(messageAnswerSchema)
    .mutation(({ ctx }) => pix.removeKey(ctx.deps, ctx.user.id)),

  /** 'Pagar com Pix' on an approved order: the code for its exact amount, or for its deposit. */
  forOrder: approvedProcedure
    .input(orderPixInputSchema)
    .output(orderPixSchema)
    .query(({ ctx, input }) => pix.forOrder(ctx.deps, ctx.user.id, input)),
});
