import { DESK_GIVE_BACK_NOTIFICATIONS, DESK_MESSAGES } from '@vizinhanca/shared/portaria/portaria.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as portaria from './desk-handover.repository.ts';

/** The order step being taken, and what the desk's notices name. */
interface OrderStepAtDesk {
  orderId: string;
  cancelling: boolean;
  ownerId: string;
  renterId: string;
  listingTitle: string;
}

/**
 * An order step taken without the desk while a hand-over at the portaria is open
 * (the owner's 'Marcar como entregue' or 'Concluir', the requester's 'Cancelar'):
 * an item the desk holds is given out or back only by the desk; a code not used
 * yet dies (the two met after all, or the order ended). A cancelled order's item
 * at the desk stays there for its owner ('Devolvido ao dono'), and both are told.
 * Its own file: the desk's service calls the lifecycle, and the lifecycle calls this.
 */
export async function settleDeskLegs(deps: AppDeps, trx: Db, step: OrderStepAtDesk) {
  for (const leg of await portaria.liveLegsOfOrder(trx, step.orderId)) {
    if (leg.status === 'at_desk') {
      if (!step.cancelling) throw new AppError('CONFLICT', DESK_MESSAGES.atDesk);
      const told = DESK_GIVE_BACK_NOTIFICATIONS.waitsForOwner(step.listingTitle);
      for (const userId of [step.ownerId, step.renterId]) await notify(deps, trx, { userId, type: 'order_status', relatedId: step.orderId, ...told });
      continue;
    }
    await portaria.cancelLeg(trx, leg.id, deps.clock.now());
  }
}
