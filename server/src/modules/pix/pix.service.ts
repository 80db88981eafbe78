import { buildBrCode, depositTxid, orderTxid } from '@vizinhanca/shared/pix/br-code';
import { DEPOSIT_MESSAGES } from '@vizinhanca/shared/deposits/deposit.constants';
import { formatPixKey, payerPixKeyText, PIX_MESSAGES, type OrderPix, type OrderPixPart, type PixKey, type PixKeyType } from '@vizinhanca/shared/pix/pix-key.schema';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as pix from './pix.repository.ts';

/** The user's own key, as settings show it. */
export async function myKey(deps: AppDeps, userId: string): Promise<PixKey> {
  const row = await pix.findKey(deps.db, userId);
  return row ? { type: row.key_type, key: row.key, formatted: formatPixKey(row.key_type, row.key) } : null;
}

/** The key arrives normalized and checked against its type by the shared schema; the table checks it again. */
export async function saveKey(deps: AppDeps, userId: string, input: { type: PixKeyType; key: string }) {
  await deps.db.transaction().execute(async (trx) => {
    await pix.upsertKey(trx, userId, input.type, input.key, deps.clock.now());
    // Where the neighbours' money goes changed: on the record, without the key (it may be a CPF).
    await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.userPixKeySaved, targetType: 'user', targetId: userId });
  });
  return { message: PIX_MESSAGES.saved };
}

export async function removeKey(deps: AppDeps, userId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const removed = await pix.deleteKey(trx, userId);
    if (removed.numDeletedRows > 0n) await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.userPixKeyRemoved, targetType: 'user', targetId: userId });
  });
  return { message: PIX_MESSAGES.removed };
}

export async function hasKey(deps: AppDeps, userId: string): Promise<boolean> {
  return Boolean(await pix.findKey(deps.db, userId));
}

/**
 * 'Pagar com Pix': a static BR Code for the order's exact amount (or, as a code of its
 * own, its deposit), to the owner's key, with the owner's name, the condominium's city
 * and a transaction id made from the order. Only the requester of an approved order of
 * an owner with a key.
 */
export async function forOrder(deps: AppDeps, userId: string, { orderId, part }: { orderId: string; part: OrderPixPart }): Promise<OrderPix> {
  const order = await orders.forParticipant(deps, userId, orderId);
  if (!order) throw new AppError('NOT_FOUND', PIX_MESSAGES.orderNotFound);
  if (order.side !== 'requester') throw new AppError('FORBIDDEN', PIX_MESSAGES.onlyRequester);
  if (!orders.isPayable(order.status)) throw new AppError('CONFLICT', PIX_MESSAGES.notApproved);
  // An anonymised owner has no key, name or account to pay: no code is ever made for them.
  if (order.owner.anonymized) throw new AppError('CONFLICT', PIX_MESSAGES.ownerLeft);
  const key = await pix.findKey(deps.db, order.ownerId);
  if (!key) throw new AppError('CONFLICT', PIX_MESSAGES.noKey);
  if (part === 'deposit' && order.depositCents === 0) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.noDeposit);
  const amountCents = part === 'deposit' ? order.depositCents : order.totalCents;
  const txid = part === 'deposit' ? depositTxid(order.id) : orderTxid(order.id);
  return {
    code: buildBrCode({ key: key.key, amountCents, merchantName: order.owner.fullName, merchantCity: deps.config.CONDO_CITY, txid }),
    amountCents,
    receiverName: order.owner.fullName,
    keyType: key.key_type,
    formattedKey: payerPixKeyText(key.key_type, key.key),
    txid,
  };
}
