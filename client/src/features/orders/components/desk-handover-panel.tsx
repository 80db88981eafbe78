import { DESK_LEGS, formatDeskCode, type DeskLeg } from '@vizinhanca/shared/portaria/portaria.schema';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { Button } from '../../../components/ui/button.tsx';
import { useCancelDeskHandover, useDeskHandover, useStartDeskHandover } from '../hooks/use-desk-handovers.ts';

/** Which leg this side of the order may hand to the portaria now, if any. */
function legFor(order: OrderItem, side: 'owner' | 'requester'): DeskLeg | null {
  if (side === 'owner' && order.status === 'approved') return 'delivery';
  if (side === 'requester' && order.status === 'in_progress' && order.listing?.type === 'rental') return 'return';
  return null;
}

/**
 * The legs whose code this card may show: an approved order's item goes out through the desk,
 * a rental in progress comes back, and a cancelled order's item left at the desk waits for its owner.
 */
function liveLegs(order: OrderItem, side: 'owner' | 'requester'): readonly DeskLeg[] {
  if (order.status === 'approved') return ['delivery'];
  if (order.status === 'in_progress') return ['return'];
  if (order.status === 'cancelled' && side === 'owner') return DESK_LEGS;
  return [];
}

const START_LABELS: Record<DeskLeg, string> = { delivery: 'Deixar na portaria', return: 'Devolver na portaria' };

/** Whether this side takes the item to the desk on this leg (and so made its code). */
const dropsOff = (leg: DeskLeg, side: 'owner' | 'requester') => (leg === 'delivery') === (side === 'owner');

/** What each person reads while the item goes through the desk. */
function statusText(leg: DeskLeg, status: 'waiting' | 'at_desk', side: 'owner' | 'requester'): string {
  if (status === 'waiting') return dropsOff(leg, side) ? 'Leve o item à portaria e diga este código.' : 'O item ainda não chegou à portaria.';
  return dropsOff(leg, side) ? 'O item está na portaria.' : 'O item está na portaria: retire com este código.';
}

/**
 * The portaria on an order card: the button that gives a code ('Deixar na portaria'
 * for the owner of an approved order, 'Devolver na portaria' for the requester of a
 * rental in progress) and, once given, the 6-digit code both people show at the desk.
 */
export function DeskHandoverPanel({ order, side }: { order: OrderItem; side: 'owner' | 'requester' }) {
  const handover = useDeskHandover(order.id, liveLegs(order, side));
  const { busyId, start } = useStartDeskHandover();
  const cancelling = useCancelDeskHandover();
  if (handover) {
    const labelId = `portaria-code-${order.id}`;
    return (
      <section className="notice notice-compact notice-info orders-desk" aria-labelledby={labelId}>
        <p>
          <strong id={labelId}>Código da portaria</strong>{' '}
          <span className="orders-desk-code">{formatDeskCode(handover.code)}</span>
        </p>
        <p>{order.status === 'cancelled' ? 'Pedido cancelado: o item ficou na portaria. Retire com este código.' : statusText(handover.leg, handover.status, side)}</p>
        {handover.status === 'waiting' && dropsOff(handover.leg, side) ? (
          <Button variant="ghost" size="sm" onClick={() => cancelling.cancel(order.id)} loading={cancelling.busyId === order.id}>
            Cancelar código
          </Button>
        ) : null}
      </section>
    );
  }
  const leg = legFor(order, side);
  if (!leg) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => start(order.id)} loading={busyId === order.id}>
      {START_LABELS[leg]}
    </Button>
  );
}
