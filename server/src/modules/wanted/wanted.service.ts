import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import {
  WANTED_MESSAGES,
  WANTED_NOTIFICATIONS,
  type WantedDetail,
  type WantedFields,
  type WantedOffer,
  type WantedPage,
  type WantedRequest,
} from '@vizinhanca/shared/wanted/wanted.schema';
import { canRenewWanted, renewedWantedExpiry, wantedDatesInThePast, wantedExpiry, wantedStatus } from '@vizinhanca/shared/wanted/wanted.rules';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { renewOnRecord } from '../audit/renewal.ts';
import { refuseIfHidden, type BlockView } from '../blocks/blocks.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as wanted from './wanted.repository.ts';

type Viewer = BlockView & { id: string };

/** Everyone a block stands between the viewer and, whichever of the two made it. */
const hiddenIdsOf = (viewer: BlockView) => [...viewer.blockedIds, ...viewer.blockedByIds];

function toRequest(row: wanted.RequestRow, viewerId: string, now: Date): WantedRequest {
  const expiresAt = row.expires_at;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    maxPriceCents: row.max_price_cents,
    status: wantedStatus({ status: row.status, expiresAt }, now),
    canRenew: row.author_id === viewerId && canRenewWanted(row),
    expiresAt,
    createdAt: row.created_at,
    author: { id: row.author_id, fullName: row.author_full_name, apartment: row.author_apartment, avatarUrl: row.author_avatar_url },
    isAuthor: row.author_id === viewerId,
    offerCount: row.offer_count,
  };
}

/** The 'Procura-se' list (or the author's own, or the search's section), newest first. */
export async function list(
  deps: AppDeps,
  viewer: Viewer,
  input: { search: string | null; type: ListingType | null; mine: boolean; cursor: string | null; limit: number },
): Promise<WantedPage> {
  const now = deps.clock.now();
  const rows = await wanted.listRequests(deps.db, { ...input, viewerId: viewer.id, hiddenIds: hiddenIdsOf(viewer), now });
  return pageOf(rows, input.limit, (row) => toRequest(row, viewer.id, now));
}

/** One request with the offers the viewer may see; a neighbour's request that is closed or expired reads as not found. */
export async function byId(deps: AppDeps, viewer: Viewer, id: string): Promise<WantedDetail> {
  const now = deps.clock.now();
  const hiddenIds = hiddenIdsOf(viewer);
  const row = await wanted.findVisible(deps.db, id, viewer.id, hiddenIds);
  if (!row) throw new AppError('NOT_FOUND', WANTED_MESSAGES.notFound);
  refuseIfHidden(viewer, row.author_id, { code: 'NOT_FOUND', message: WANTED_MESSAGES.notFound });
  const request = toRequest(row, viewer.id, now);
  if (!request.isAuthor && request.status !== 'open') throw new AppError('NOT_FOUND', WANTED_MESSAGES.notFound);
  const offers = await wanted.listOffers(deps.db, id, { id: viewer.id, isAuthor: request.isAuthor, hiddenIds }, now);
  return { ...request, offers: offers.map(toOffer) };
}

function toOffer(row: Awaited<ReturnType<typeof wanted.listOffers>>[number]): WantedOffer {
  return {
    id: row.id,
    listing: { id: row.listing_id, type: row.type, title: row.title, priceCents: row.price_cents, priceUnit: row.price_unit },
    offerer: { id: row.offerer_id, fullName: row.offerer_full_name, apartment: row.offerer_apartment, avatarUrl: row.offerer_avatar_url },
    createdAt: row.created_at,
    awaitingApproval: row.status === 'pending',
    available: row.is_public,
  };
}

/** A rental request's days start today or later, on the condominium's calendar. */
function refusePastDates(deps: AppDeps, fields: WantedFields) {
  if (wantedDatesInThePast(fields, deps.clock.today())) throw new AppError('BAD_REQUEST', WANTED_MESSAGES.pastDate, 'INVALID_INPUT');
}

/** What the log keeps of a request's content. */
const logged = (fields: { type: string; title: string; maxPriceCents: number | null; startDate: string | null; endDate: string | null }) => ({
  type: fields.type,
  title: fields.title,
  maxPriceCents: fields.maxPriceCents,
  startDate: fields.startDate,
  endDate: fields.endDate,
});

/** 'Procura-se': published at once (no approval), for 14 days. */
export async function create(deps: AppDeps, authorId: string, fields: WantedFields) {
  refusePastDates(deps, fields);
  const now = deps.clock.now();
  const { id } = await deps.db.transaction().execute(async (trx) => {
    const created = await wanted.insertRequest(trx, authorId, fields, { now, expiresAt: wantedExpiry(now) });
    await audit.record(deps, trx, { actorId: authorId, action: AUDIT_ACTIONS.requestCreated, targetType: 'request', targetId: created.id, after: logged(fields) });
    return created;
  });
  return { id, message: WANTED_MESSAGES.created };
}

/** The author's own request, locked; anyone else's is refused. */
async function lockOwn(trx: Db, authorId: string, id: string) {
  const row = await wanted.lockRequest(trx, id);
  if (!row) throw new AppError('NOT_FOUND', WANTED_MESSAGES.notFound);
  if (row.author_id !== authorId) throw new AppError('FORBIDDEN', WANTED_MESSAGES.notAuthor);
  return row;
}

const contentOf = (row: NonNullable<Awaited<ReturnType<typeof wanted.lockRequest>>>) => ({
  type: row.type,
  title: row.title,
  maxPriceCents: row.max_price_cents,
  startDate: row.start_date,
  endDate: row.end_date,
});

export async function update(deps: AppDeps, authorId: string, input: WantedFields & { id: string }) {
  const { id, ...fields } = input;
  refusePastDates(deps, fields);
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, authorId, id);
    if (row.status === 'found') throw new AppError('CONFLICT', WANTED_MESSAGES.closed);
    await wanted.updateRequest(trx, id, fields, deps.clock.now());
    await audit.record(deps, trx, { actorId: authorId, action: AUDIT_ACTIONS.requestEdited, targetType: 'request', targetId: id, before: contentOf(row), after: logged(fields) });
  });
  return { message: WANTED_MESSAGES.updated };
}

export async function remove(deps: AppDeps, authorId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    await lockOwn(trx, authorId, id);
    await wanted.softDelete(trx, id, deps.clock.now());
    await audit.record(deps, trx, { actorId: authorId, action: AUDIT_ACTIONS.requestDeleted, targetType: 'request', targetId: id });
  });
  return { message: WANTED_MESSAGES.deleted };
}

/** Staff remove a reported request ('Remover pedido'), in the report's transaction; on the record as the staff's deletion. */
export async function removeByStaff(deps: AppDeps, trx: Db, actorId: string, id: string) {
  const row = await wanted.lockRequest(trx, id);
  if (!row) throw new AppError('NOT_FOUND', WANTED_MESSAGES.notFound);
  await wanted.softDelete(trx, id, deps.clock.now());
  await audit.record(deps, trx, { actorId, action: AUDIT_ACTIONS.requestDeleted, targetType: 'request', targetId: id, targetLabel: row.title });
  return { authorId: row.author_id, title: row.title };
}

/** Once: 14 more days (from now, for an expired request). */
export async function renew(deps: AppDeps, authorId: string, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, authorId, id);
    if (row.status === 'found') throw new AppError('CONFLICT', WANTED_MESSAGES.closed);
    if (!canRenewWanted(row)) throw new AppError('CONFLICT', WANTED_MESSAGES.alreadyRenewed);
    const expiresAt = await renewOnRecord(deps, trx, {
      actorId: authorId,
      action: AUDIT_ACTIONS.requestRenewed,
      targetType: 'request',
      targetId: id,
      expiresAt: row.expires_at,
      renewedExpiry: renewedWantedExpiry,
      write: (next, now) => wanted.renewRequest(trx, id, next, now),
    });
    return { message: WANTED_MESSAGES.renewed, expiresAt };
  });
}

/** 'Encontrei': the request closes and leaves the list. */
export async function found(deps: AppDeps, authorId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, authorId, id);
    if (row.status === 'found') throw new AppError('CONFLICT', WANTED_MESSAGES.closed);
    await wanted.markFound(trx, id, deps.clock.now());
    await audit.record(deps, trx, { actorId: authorId, action: AUDIT_ACTIONS.requestFound, targetType: 'request', targetId: id, before: { status: 'open' }, after: { status: 'found' } });
  });
  return { message: WANTED_MESSAGES.foundClosed };
}

/**
 * The request a neighbour answers: open, not expired, not their own, its author an active
 * resident a block does not stand between them and.
 */
async function answerable(deps: AppDeps, trx: Db, offerer: Viewer, requestId: string) {
  const request = await wanted.findForAnswer(trx, requestId);
  if (!request || !request.author_active) throw new AppError('NOT_FOUND', WANTED_MESSAGES.notFound);
  refuseIfHidden(offerer, request.author_id, { code: 'NOT_FOUND', message: WANTED_MESSAGES.notFound });
  if (request.author_id === offerer.id) throw new AppError('FORBIDDEN', WANTED_MESSAGES.ownRequest);
  if (request.status === 'found') throw new AppError('CONFLICT', WANTED_MESSAGES.closed);
  if (request.expires_at.getTime() <= deps.clock.now().getTime()) throw new AppError('CONFLICT', WANTED_MESSAGES.expired);
  return request;
}

/** Tells the author of a request that a neighbour's listing answers it ('{nome} tem o que você procura'). */
async function tellAuthor(deps: AppDeps, trx: Db, offer: { authorId: string; requestId: string; requestTitle: string; offererName: string; listingTitle: string }) {
  await notify(deps, trx, {
    userId: offer.authorId,
    type: 'wanted_offer',
    relatedId: offer.requestId,
    ...WANTED_NOTIFICATIONS.offer(offer.offererName, offer.listingTitle, offer.requestTitle),
  });
}

/** 'Eu tenho' with one of the neighbour's active listings: the author is told at once. */
export async function offer(deps: AppDeps, offerer: Viewer & { fullName: string }, input: { requestId: string; listingId: string }) {
  await deps.db.transaction().execute(async (trx) => {
    const request = await answerable(deps, trx, offerer, input.requestId);
    const now = deps.clock.now();
    const listing = await wanted.findOfferedListing(trx, input.listingId, now);
    if (!listing || listing.user_id !== offerer.id) throw new AppError('FORBIDDEN', WANTED_MESSAGES.notYourListing);
    if (!listing.is_public) throw new AppError('CONFLICT', WANTED_MESSAGES.listingNotActive);
    const created = await wanted.insertOffer(trx, { requestId: request.id, listingId: listing.id, offererId: offerer.id, at: now, notifiedAt: now });
    if (!created) throw new AppError('CONFLICT', WANTED_MESSAGES.alreadyOffered, 'DUPLICATE');
    await tellAuthor(deps, trx, { authorId: request.author_id, requestId: request.id, requestTitle: request.title, offererName: offerer.fullName, listingTitle: listing.title });
    await audit.record(deps, trx, { actorId: offerer.id, action: AUDIT_ACTIONS.requestOffered, targetType: 'request', targetId: request.id, after: { listingId: listing.id } });
  });
  return { message: WANTED_MESSAGES.offered };
}

/**
 * A listing just created from a request ('Criar anúncio'), in the listing's transaction: linked
 * to the request now, the author told once the administration approves it.
 */
export async function linkNewListing(deps: AppDeps, trx: Db, offerer: Viewer, link: { requestId: string; listingId: string }) {
  const request = await answerable(deps, trx, offerer, link.requestId);
  await wanted.insertOffer(trx, { requestId: request.id, listingId: link.listingId, offererId: offerer.id, at: deps.clock.now(), notifiedAt: null });
  await audit.record(deps, trx, { actorId: offerer.id, action: AUDIT_ACTIONS.requestOffered, targetType: 'request', targetId: request.id, after: { listingId: link.listingId } });
}

/** A listing approved: the authors of the requests it answers hear of it now (in the approval's transaction). */
export async function listingApproved(deps: AppDeps, trx: Db, listingId: string) {
  for (const offer of await wanted.takeUntoldOffersOf(trx, listingId, deps.clock.now())) {
    await tellAuthor(deps, trx, {
      authorId: offer.author_id,
      requestId: offer.request_id,
      requestTitle: offer.request_title,
      offererName: offer.offerer_full_name,
      listingTitle: offer.listing_title,
    });
  }
}

// ---- Called by other modules, inside their transaction ----

/** A request as 'Denunciar' reads it: one a neighbour can see, with its author. */
export async function findReportable(trx: Db, viewer: Viewer, id: string) {
  const request = await wanted.findForAnswer(trx, id);
  if (!request || !request.author_active) return null;
  refuseIfHidden(viewer, request.author_id, { code: 'NOT_FOUND', message: WANTED_MESSAGES.notFound });
  return { id: request.id, authorId: request.author_id, title: request.title };
}

/** A person who left: their requests leave every screen, with nothing they wrote (the rows stay for reports). */
export function eraseAllOfAuthor(trx: Db, userId: string, texts: { title: string }, at: Date) {
  return wanted.eraseAllOfAuthor(trx, userId, texts, at);
}
