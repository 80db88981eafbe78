import { depositAnswerUntil, type DepositSettlement } from '@vizinhanca/shared/deposits/deposit.schema';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import type { AppDeps } from '../../context.ts';
import * as records from './deposit-records.repository.ts';

// The read side of the deposit's record, here with the orders that show it (the cards, the
// conversation, staff settling a problem): the deposits module writes the records and opens
// problems, so it may import the modules that read them, never the other way round.

function toSettlement(row: records.SettlementRow, now: Date): DepositSettlement {
  const answerUntil = depositAnswerUntil(row.settled_at);
  return {
    outcome: row.outcome,
    retainedCents: row.retained_cents,
    reason: row.reason,
    photos: row.image_ids.map((id) => ({ id, cardUrl: imageUrl(id, 'card'), detailUrl: imageUrl(id, 'detail') })),
    settledAt: row.settled_at,
    answer: row.answer,
    answeredAt: row.answered_at,
    contestText: row.contest_text,
    answerUntil,
    answerOpen: row.answer === null && now.getTime() <= answerUntil.getTime(),
  };
}

/** The records of these orders, by order id. */
export async function settlementsFor(deps: Pick<AppDeps, 'db' | 'clock'>, orderIds: string[]): Promise<Map<string, DepositSettlement>> {
  const now = deps.clock.now();
  const rows = await records.listForOrders(deps.db, orderIds);
  return new Map(rows.map((row) => [row.order_id, toSettlement(row, now)]));
}
