import {
  adminOrdersInputSchema,
  adminOrdersSchema,
  createOrderOutputSchema,
  createOrderSchema,
  myOrdersInputSchema,
  myOrdersSchema,
  occupiedDatesInputSchema,
  occupiedDatesSchema,
  orderByIdSchema,
  orderDecisionSchema,
  receivedOrdersInputSchema,
  receivedOrdersSchema,
} from '@vizinhanca/shared/orders/order.schema';
import { confirmConditionSchema, orderStepWithConditionSchema, recordConditionSchema } from '@vizinhanca/shared/orders/handover-condition.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { adminProcedure, approvedProcedure, router, staffProcedure } from '../../trpc.ts';
import * as orders from './orders.service.ts';

// Decisions on one order answered with a message, with or without a reason (admins, or either side of the order).
const adminDecision = adminProcedure.input(orderByIdSchema).output(messageAnswerSchema);
const adminDecisionWithReason = adminProcedure.input(orderDecisionSchema).output(messageAnswerSchema);
const orderAction = approvedProcedure.input(orderByIdSchema).output(messageAnswerSchema);
const orderActionWithReason = approvedProcedure.input(orderDecisionSchema).output(messageAnswerSchema);
const handOverAction = approvedProcedure.input(orderStepWithConditionSchema).output(messageAnswerSchema);

/** The orders section of /admin: moderators see every order; admins also decide pending ones (docs/product.md). */
const moderationRouter = router({
  list: staffProcedure
    .input(adminOrdersInputSchema)
    .output(adminOrdersSchema)
    .query(({ ctx, input }) => orders.adminList(ctx.deps, input.status, input.cursor)),

  approve: adminDecision.mutation(({ ctx, input }) => orders.adminApprove(ctx.deps, ctx.user.id, input.id)),

  reject: adminDecisionWithReason.mutation(({ ctx, input }) => orders.adminReject(ctx.deps, ctx.user.id, input)),
});

export const ordersRouter = router({
  /** The rental calendar of the order dialog: occupied periods and today in the condominium. */
  occupiedDates: approvedProcedure
    .input(occupiedDatesInputSchema)
    .output(occupiedDatesSchema)
    .query(({ ctx, input }) => orders.occupiedDates(ctx.deps, input.listingId)),

  /** The order dialog (docs/product.md §10.8): the server checks every rule again and computes the total. */
  create: approvedProcedure
    .input(createOrderSchema)
    .output(createOrderOutputSchema)
    .mutation(({ ctx, input }) => orders.create(ctx.deps, ctx.user, input)),

  /** /meus-pedidos (docs/product.md §10.13): orders the user made. */
  mine: approvedProcedure
    .input(myOrdersInputSchema)
    .output(myOrdersSchema)
    .query(({ ctx, input }) => orders.mine(ctx.deps, ctx.user.id, input.tab)),

  /** /gerenciar-pedidos (docs/product.md §10.15): orders of the user's listings. */
  received: approvedProcedure
    .input(receivedOrdersInputSchema)
    .output(receivedOrdersSchema)
    .query(({ ctx, input }) => orders.received(ctx.deps, ctx.user.id, input.tab)),

  approve: orderAction.mutation(({ ctx, input }) => orders.approve(ctx.deps, ctx.user.id, input.id)),

  reject: orderActionWithReason.mutation(({ ctx, input }) => orders.reject(ctx.deps, ctx.user.id, input)),

  cancel: orderActionWithReason.mutation(({ ctx, input }) => orders.cancel(ctx.deps, ctx.user.id, input)),

  /** 'Marcar como entregue' (the owner), with a rental's photos and note ('Estado na entrega'). */
  markDelivered: handOverAction.mutation(({ ctx, input }) => orders.markDelivered(ctx.deps, ctx.user.id, input)),

  /** 'Concluir' (the owner), with a rental's photos and note ('Estado na devolução'). */
  complete: handOverAction.mutation(({ ctx, input }) => orders.complete(ctx.deps, ctx.user.id, input)),

  /** The owner records a stage's condition on its own, when the item goes through the portaria. */
  recordCondition: approvedProcedure
    .input(recordConditionSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => orders.recordConditionAlone(ctx.deps, ctx.user.id, input)),

  /** 'Confirmo o estado' (the requester) of a stage the owner recorded. */
  confirmCondition: approvedProcedure
    .input(confirmConditionSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => orders.confirmCondition(ctx.deps, ctx.user.id, input)),

  /** 'Pago': either side of an approved order; the other side is told. */
  markPaid: orderAction.mutation(({ ctx, input }) => orders.markPaid(ctx.deps, { id: ctx.user.id, fullName: ctx.user.fullName }, input.id)),

  moderation: moderationRouter,
});
