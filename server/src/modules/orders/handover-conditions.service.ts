import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import {
  HANDOVER_MESSAGES,
  HANDOVER_NOTIFICATIONS,
  type HandoverCondition,
  type HandoverStage,
  type RecordConditionInput,
} from '@vizinhanca/shared/orders/handover-condition.schema';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { findOwnUnattachedImages } from '../images/images.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as conditions from './handover-conditions.repository.ts';
import * as orders from './orders.repository.ts';

/** What the owner adds to 'Marcar como entregue' or 'Concluir': photos (upload ids) and a note, both optional. */
export interface ConditionInput {
  photos: string[];
  note: string | null;
}

/**
 * Records the item's condition at a stage, inside the step's transaction: rentals
 * only, the owner's own hand-over uploads no other condition shows, each once, at most five (the table
 * refuses a sixth too). Nothing is recorded when neither photos nor a note came.
 */
export async function recordCondition(
  deps: Pick<AppDeps, 'clock'>,
  trx: Db,
  step: { orderId: string; listingType: string; ownerId: string; stage: HandoverStage; condition: ConditionInput },
) {
  const { photos, note } = step.condition;
  if (photos.length === 0 && !note) return;
  if (step.listingType !== 'rental') throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.onlyRentals);
  if (new Set(photos).size !== photos.length) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.photoRepeated);
  const own = await findOwnUnattachedImages(trx, { imageIds: photos, userId: step.ownerId, purpose: 'handover' });
  if (own.length !== photos.length) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.photoNotFound);
  await conditions.insertCondition(trx, { orderId: step.orderId, stage: step.stage, note, recordedBy: step.ownerId, recordedAt: deps.clock.now(), imageIds: photos });
}

/** The order status in which the owner records each stage on its own: before the hand-over, and while the item is out. */
const STATUS_OF_STAGE = { delivery: 'approved', return: 'in_progress' } as const;

/**
 * The owner records a stage's condition on its own, for an item that goes through the
 * portaria: the delivery while the order is approved, the return while it is in progress.
 * The requester is told; the step is in the audit log.
 */
export async function recordConditionAlone(deps: AppDeps, userId: string, { id, stage, photos, note }: RecordConditionInput) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await orders.findForUpdate(trx, id);
    if (!order || (order.owner_id !== userId && order.renter_id !== userId)) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
    if (order.owner_id !== userId) throw new AppError('FORBIDDEN', ORDER_MESSAGES.notOwner);
    if (order.status !== STATUS_OF_STAGE[stage]) throw new AppError('CONFLICT', HANDOVER_MESSAGES.wrongStatus[stage]);
    await recordCondition(deps, trx, { orderId: id, listingType: order.listing_type, ownerId: userId, stage, condition: { photos, note } });
    await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.orderConditionRecorded, targetType: 'order', targetId: id, after: { stage, photos: photos.length } });
    await notify(deps, trx, { userId: order.renter_id, type: 'order_status', relatedId: id, ...HANDOVER_NOTIFICATIONS.recorded({ listingTitle: order.listing_title, stage }) });
  });
  return { message: HANDOVER_MESSAGES.recordedAlone };
}

/** The recorded conditions of these orders, by order id (an order without any is absent). */
export async function conditionsByOrder(db: Db, orderIds: string[]): Promise<Map<string, HandoverCondition[]>> {
  const byOrder = new Map<string, HandoverCondition[]>();
  for (const row of await conditions.listConditions(db, orderIds)) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      stage: row.stage,
      note: row.note,
      photos: row.image_ids.map((id) => ({ id, cardUrl: imageUrl(id, 'card'), detailUrl: imageUrl(id, 'detail') })),
      recordedAt: row.recorded_at,
      confirmedAt: row.confirmed_at,
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/**
 * 'Confirmo o estado': the requester agrees with the condition the owner recorded
 * at this stage, once. The owner is told; the step is in the audit log.
 */
export async function confirmCondition(deps: AppDeps, userId: string, { id, stage }: { id: string; stage: HandoverStage }) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await orders.findForUpdate(trx, id);
    if (!order || (order.owner_id !== userId && order.renter_id !== userId)) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
    if (order.renter_id !== userId) throw new AppError('FORBIDDEN', HANDOVER_MESSAGES.notRequester);
    const condition = await conditions.findCondition(trx, id, stage);
    if (!condition) throw new AppError('NOT_FOUND', HANDOVER_MESSAGES.nothingToConfirm);
    if (!(await conditions.confirm(trx, id, stage, deps.clock.now()))) throw new AppError('CONFLICT', HANDOVER_MESSAGES.alreadyConfirmed);
    await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.orderConditionConfirmed, targetType: 'order', targetId: id, after: { stage } });
    await notify(deps, trx, {
      userId: order.owner_id,
      type: 'order_status',
      relatedId: id,
      ...HANDOVER_NOTIFICATIONS.confirmed({ requesterName: order.renter_full_name, listingTitle: order.listing_title, stage }),
    });
  });
  return { message: HANDOVER_MESSAGES.confirmed };
}
