import {
  blockDaysSchema,
  blockedDaysSchema,
  createListingOutputSchema,
  createListingSchema,
  listingByIdSchema,
  listingCountsSchema,
  listingPageSchema,
  listListingsSchema,
  managedListingSchema,
  moderationDecisionSchema,
  moderationListSchema,
  moderationPendingSchema,
  myListingsSchema,
  publicListingDetailSchema,
  renewListingOutputSchema,
  updateListingOutputSchema,
  saveListingOutputSchema,
  saveListingSchema,
  savedListingsSchema,
  unblockDaySchema,
  updateListingSchema,
} from '@vizinhanca/shared/listings/listing.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, router, staffProcedure } from '../../trpc.ts';
import * as listings from './listings.service.ts';

// Actions on one listing answered with a message: the staff's decisions, and the owner's own.
const staffDecision = staffProcedure.input(listingByIdSchema).output(messageAnswerSchema);
const staffDecisionWithReason = staffProcedure.input(moderationDecisionSchema).output(messageAnswerSchema);
const ownerAction = approvedProcedure.input(listingByIdSchema).output(messageAnswerSchema);

/** Admins and moderators: the pendencies, the all-listings section of /admin and its actions. */
const moderationRouter = router({
  pending: staffProcedure
    .input(moderationPendingSchema)
    .output(listingPageSchema(managedListingSchema))
    .query(({ ctx, input }) => listings.pendingQueue(ctx.deps, input)),

  list: staffProcedure
    .input(moderationListSchema)
    .output(listingPageSchema(managedListingSchema))
    .query(({ ctx, input }) => listings.moderationList(ctx.deps, input)),

  approve: staffDecision.mutation(({ ctx, input }) => listings.approve(ctx.deps, ctx.user.id, input.id)),

  reject: staffDecisionWithReason.mutation(({ ctx, input }) => listings.reject(ctx.deps, ctx.user.id, input)),

  pause: staffDecisionWithReason.mutation(({ ctx, input }) => listings.adminPause(ctx.deps, ctx.user.id, input)),

  activate: staffDecision.mutation(({ ctx, input }) => listings.activate(ctx.deps, ctx.user.id, input.id)),

  delete: staffDecision.mutation(({ ctx, input }) => listings.adminDelete(ctx.deps, ctx.user.id, input.id)),
});

export const listingsRouter = router({
  /** The public feed (/alugueis, /comidas, /servicos): one page, newest first. */
  // No .output(): the service builds pages in listingPageSchema(publicListingSchema)'s exact shape, held equal to its parse by listings-output.test.ts.
  list: approvedProcedure.input(listListingsSchema).query(({ ctx, input }) => listings.list(ctx.deps, ctx.user, input)),

  /** The public detail (/item, /food, /service): only listings neighbours may see. */
  byId: approvedProcedure
    .input(listingByIdSchema)
    .output(publicListingDetailSchema)
    .query(({ ctx, input }) => listings.byId(ctx.deps, ctx.user, input.id)),

  /** Home cards: active public listings per type. */
  countsByType: approvedProcedure.output(listingCountsSchema).query(({ ctx }) => listings.countsByType(ctx.deps)),

  /** My listings (/anuncios): every status, with the three counters. */
  mine: approvedProcedure.output(myListingsSchema).query(({ ctx }) => listings.mine(ctx.deps, ctx.user.id)),

  /** The owner view (/anuncio/{id}). */
  ownerView: approvedProcedure
    .input(listingByIdSchema)
    .output(managedListingSchema)
    .query(({ ctx, input }) => listings.ownerView(ctx.deps, ctx.user.id, input.id)),

  /** A new listing; `wantedRequestId`: written from a 'Procura-se' request, linked to it ('Eu tenho'). */
  create: approvedProcedure
    .input(createListingSchema)
    .output(createListingOutputSchema)
    .mutation(({ ctx, input }) => listings.create(ctx.deps, ctx.user, input)),

  update: approvedProcedure
    .input(updateListingSchema)
    .output(updateListingOutputSchema)
    .mutation(({ ctx, input }) => listings.update(ctx.deps, ctx.user.id, input)),

  delete: ownerAction.mutation(({ ctx, input }) => listings.remove(ctx.deps, ctx.user.id, input.id)),

  pause: ownerAction.mutation(({ ctx, input }) => listings.pause(ctx.deps, ctx.user.id, input.id)),

  reactivate: ownerAction.mutation(({ ctx, input }) => listings.reactivate(ctx.deps, ctx.user.id, input.id)),

  renew: approvedProcedure
    .input(listingByIdSchema)
    .output(renewListingOutputSchema)
    .mutation(({ ctx, input }) => listings.renew(ctx.deps, ctx.user.id, input.id)),

  /** The owner's blocked days of a rental, from today on. */
  blockedDays: approvedProcedure
    .input(listingByIdSchema)
    .output(blockedDaysSchema)
    .query(({ ctx, input }) => listings.blockedDays(ctx.deps, ctx.user.id, input.id)),

  /** The owner marks days a rental is not available; nobody can order them. */
  blockDays: approvedProcedure
    .input(blockDaysSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => listings.blockDays(ctx.deps, ctx.user.id, input)),

  unblockDay: approvedProcedure
    .input(unblockDaySchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => listings.unblockDay(ctx.deps, ctx.user.id, input)),

  /** 'Salvar' / remove from 'Salvos'. */
  save: approvedProcedure
    .input(saveListingSchema)
    .output(saveListingOutputSchema)
    .mutation(({ ctx, input }) => listings.save(ctx.deps, ctx.user.id, input)),

  /** The profile's 'Salvos': saved listings still public. */
  saved: approvedProcedure
    .output(savedListingsSchema)
    .query(({ ctx }) => listings.saved(ctx.deps, ctx.user)),

  moderation: moderationRouter,
});
