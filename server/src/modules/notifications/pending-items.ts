import { PENDING_ITEM_NOTIFICATIONS, type PendingItemKind } from '@vizinhanca/shared/notifications/staff-pending.messages';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import * as notifications from './notifications.repository.ts';
import { notify } from './notifications.service.ts';

export interface PendingItem {
  kind: PendingItemKind;
  /** The waiting row (the user, the listing, the reported message): the notification's related id. */
  id: string;
  /** What the text names: the person's name, the listing's title, what was reported ('uma mensagem no pedido de "Furadeira"'). */
  label: string;
  /** Who caused it, when that is a staff member themselves (an administrator's own listing): not told of their own act. */
  actorId?: string | null;
}

/**
 * Something now waits for the administration: every staff member it concerns gets a
 * notification (live, linking into /admin, pushed per their 'Pendências da administração'
 * switch) in the caller's transaction; the hourly digest e-mail reads these notifications.
 * Every source of pending items calls this.
 */
export async function notifyStaffOfPendingItem(deps: AppDeps, db: Db, item: PendingItem): Promise<void> {
  const { type, audience, text } = PENDING_ITEM_NOTIFICATIONS[item.kind];
  const { title, message } = text(item.label);
  for (const userId of await notifications.listStaffIds(db, audience)) {
    if (userId === item.actorId) continue;
    await notify(deps, db, { userId, type, title, message, relatedId: item.id });
  }
}
