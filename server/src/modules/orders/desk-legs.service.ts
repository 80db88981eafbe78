import { DESK_MESSAGES } from '@vizinhanca/shared/portaria/portaria.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as portaria from './desk-handover.repository.ts';

/**
 * An order step taken without the desk while a hand-over at the portaria is open
 * (the owner's 'Marcar como entregue' or 'Concluir', the requester's 'Cancelar'):
 * an item the desk holds is given out or back only by the desk; a code not used
 * yet dies (the two met after all, or the order ended). Its own file: the desk's
 * service calls the lifecycle, and the lifecycle calls this.
 */
export async function settleDeskLegs(deps: AppDeps, trx: Db, step: { orderId: string; cancelling: boolean }) {
  for (const leg of await portaria.liveLegsOfOrder(trx, step.orderId)) {
    if (leg.status === 'at_desk' && !step.cancelling) throw new AppError('CONFLICT', DESK_MESSAGES.atDesk);
    await portaria.cancelLeg(trx, leg.id, deps.clock.now());
  }
}
