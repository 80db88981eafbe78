import {
  deskAdvanceInputSchema,
  deskCancelInputSchema,
  deskLookupInputSchema,
  deskLookupSchema,
  deskStartInputSchema,
  deskStartOutputSchema,
  myDeskHandoversSchema,
} from '@vizinhanca/shared/portaria/portaria.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, frontDeskProcedure, router } from '../../trpc.ts';
import * as portaria from './desk-handover.service.ts';

export const portariaRouter = router({
  /** 'Deixar na portaria' (the owner) or 'Devolver na portaria' (the requester of a rental): the leg's code. */
  start: approvedProcedure
    .input(deskStartInputSchema)
    .output(deskStartOutputSchema)
    .mutation(({ ctx, input }) => portaria.start(ctx.deps, ctx.user.id, input.orderId)),

  /** 'Cancelar código': the code's maker takes it back before the item reaches the desk. */
  cancel: approvedProcedure
    .input(deskCancelInputSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => portaria.cancel(ctx.deps, ctx.user.id, input.orderId)),

  /** The codes of the caller's orders at the portaria, for their order cards. */
  mine: approvedProcedure.output(myDeskHandoversSchema).query(({ ctx }) => portaria.mine(ctx.deps, ctx.user.id)),

  /** /portaria: what a typed code opens (throttled like a login). */
  lookup: frontDeskProcedure
    .input(deskLookupInputSchema)
    .output(deskLookupSchema)
    .mutation(({ ctx, input }) => portaria.lookup(ctx.deps, ctx.user.id, input.code)),

  /** /portaria: the code's next step ('Recebido do dono', 'Entregue ao morador'...). */
  advance: frontDeskProcedure
    .input(deskAdvanceInputSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => portaria.advance(ctx.deps, ctx.user.id, input.code, input.step)),
});
