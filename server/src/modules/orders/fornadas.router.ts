import {
  editFornadaSchema,
  followAnswerSchema,
  followSellerSchema,
  fornadaByIdSchema,
  fornadaCardsSchema,
  fornadaOrderListSchema,
  fornadasForCardsSchema,
  fornadasOfListingSchema,
  listingFornadasSchema,
  openFornadaAnswerSchema,
  openFornadaSchema,
  reserveAnswerSchema,
  reserveFornadaSchema,
} from '@vizinhanca/shared/fornadas/fornada.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, router } from '../../trpc.ts';
import * as fornadas from './fornadas.service.ts';

/** Fornadas: batches of a food listing, their reservations, 'Lista da fornada' and following a seller. */
export const fornadasRouter = router({
  /** The seller opens a batch of one of their food listings. */
  open: approvedProcedure
    .input(openFornadaSchema)
    .output(openFornadaAnswerSchema)
    .mutation(({ ctx, input }) => fornadas.open(ctx.deps, { id: ctx.user.id, fullName: ctx.user.fullName }, input)),

  /** The seller changes a batch still taking reservations. */
  edit: approvedProcedure
    .input(editFornadaSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => fornadas.edit(ctx.deps, { id: ctx.user.id, fullName: ctx.user.fullName }, input)),

  /** 'Cancelar fornada': the seller only; its reservations are cancelled and their residents told. */
  cancel: approvedProcedure
    .input(fornadaByIdSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => fornadas.cancel(ctx.deps, { id: ctx.user.id, fullName: ctx.user.fullName }, input.id)),

  /** The dish's page: its batches ahead and whether the caller follows the seller. */
  ofListing: approvedProcedure
    .input(fornadasOfListingSchema)
    .output(listingFornadasSchema)
    .query(({ ctx, input }) => fornadas.ofListing(ctx.deps, ctx.user, input.listingId)),

  /** The food cards' 'Restam N porções' / 'Esgotado'. */
  forCards: approvedProcedure
    .input(fornadasForCardsSchema)
    .output(fornadaCardsSchema)
    .query(({ ctx, input }) => fornadas.forCards(ctx.deps, input.listingIds)),

  /** A resident reserves portions (an approved order of the dish). */
  reserve: approvedProcedure
    .input(reserveFornadaSchema)
    .output(reserveAnswerSchema)
    .mutation(({ ctx, input }) => fornadas.reserve(ctx.deps, ctx.user, input)),

  /** 'Lista da fornada': the seller only. */
  orderList: approvedProcedure
    .input(fornadaByIdSchema)
    .output(fornadaOrderListSchema)
    .query(({ ctx, input }) => fornadas.orderList(ctx.deps, ctx.user.id, input.id)),

  /** 'Marcar todas como entregues': the seller only. */
  markAllDelivered: approvedProcedure
    .input(fornadaByIdSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => fornadas.markAllDelivered(ctx.deps, ctx.user.id, input.id)),

  /** 'Avise-me das próximas fornadas', or stop. */
  follow: approvedProcedure
    .input(followSellerSchema)
    .output(followAnswerSchema)
    .mutation(({ ctx, input }) => fornadas.follow(ctx.deps, ctx.user, input)),
});
