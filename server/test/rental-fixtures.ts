import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { insertOrder } from '../src/modules/orders/orders.repository.ts';
import type { TestApp, TestUser } from './harness.ts';

/**
 * Rentals in any status on any dates, for tests of deadlines and reminders: the
 * listing is published through the API, the order written as the table allows.
 */
export function rentalFixtures(app: TestApp) {
  return {
    async publishRental(owner: TestUser, moderator: TestUser, title: string) {
      const ownerApi = (await app.callerAs(owner)).api;
      const { id } = await ownerApi.listings.create({ type: 'rental', title, description: 'Para os vizinhos', priceCents: 1500 });
      await (await app.callerAs(moderator)).api.listings.moderation.approve({ id });
      return id;
    },

    async rentalOrder(o: { listingId: string; owner: TestUser; renter: TestUser; start: string; end: string; status: OrderStatus; createdAt?: Date }) {
      const { id } = await insertOrder(app.db, {
        listingId: o.listingId,
        ownerId: o.owner.id,
        renterId: o.renter.id,
        totalCents: 1500,
        startDate: o.start,
        endDate: o.end,
        deliveryMethod: 'pickup',
        deliveryAddress: null,
        scheduledAt: null,
        message: null,
        createdAt: app.clock.now(),
      });
      await forceOrderStatus(app, id, o.status, { createdAt: o.createdAt ?? new Date(app.clock.now().getTime() - 60_000) });
      return id;
    },
  };
}

/**
 * Puts an order in a status directly, with the moments the table's checks require for it: a minute
 * before the app clock's now, the instant every service of the test reads. `createdAt` moves the order's
 * creation too (an order written at now cannot have been approved a minute before).
 */
export async function forceOrderStatus(app: TestApp, id: string, status: OrderStatus, options: { createdAt?: Date } = {}) {
  const at = new Date(app.clock.now().getTime() - 60_000);
  await app.db
    .updateTable('orders')
    .set({
      status,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
      approved_at: ['approved', 'in_progress', 'completed'].includes(status) ? at : null,
      delivered_at: ['in_progress', 'completed'].includes(status) ? at : null,
      completed_at: status === 'completed' ? at : null,
      rejected_at: status === 'rejected' ? at : null,
      cancelled_at: status === 'cancelled' ? at : null,
    })
    .where('id', '=', id)
    .execute();
}
