// The statements an order runs are compiled once per shape (compiledOnce): what each repository
// function sends must be the text and the parameters Kysely compiles for that call from scratch,
// for every shape, and again with other values (the template is reused, the values are the call's).
import { type CompiledQuery, type DatabaseConnection, type Driver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_SUMMARY_CHANGED_KIND, NOTIFICATION_CREATED_KIND } from '@vizinhanca/shared/realtime/realtime-event';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { insertEntry, insertEntryQuery, type NewAuditEntry, TITLE_SOURCES } from '../audit/audit.repository.ts';
import { findPublicForOrder, publicForOrderQuery } from '../listings/listings.repository.ts';
import { insertNotification, insertNotificationQuery } from '../notifications/notifications.repository.ts';
import { hitWindow, hitWindowQuery } from '../throttle/throttle.repository.ts';
import { insertEventQuery, publishEvent, publishToStaff, staffEventsQuery } from '../../realtime/published-events.repository.ts';
import { eventPayloadText } from '../../realtime/event-content.ts';
import { findForReservation, insertReservation, insertReservationQuery, type NewReservation, reservationBatchQuery } from './fornadas.repository.ts';
import { hasPendingDuplicate, insertOrder, insertOrderLater, insertOrderQuery, type NewOrder, pendingDuplicateQuery } from './orders.repository.ts';

/** What the repository functions sent, in order; each statement answers one row every caller can read. */
const sent: CompiledQuery[] = [];
const ANSWER = { id: '00000000-0000-4000-8000-000000000001', hits: 1, created_at: new Date('2026-11-28T12:00:00Z') };
const connection: DatabaseConnection = {
  executeQuery: async <R,>(query: CompiledQuery) => {
    sent.push(query);
    return { rows: [ANSWER as R] };
  },
  streamQuery: () => {
    throw new Error('not used');
  },
};
const driver: Driver = {
  init: async () => {},
  acquireConnection: async () => connection,
  beginTransaction: async () => {},
  commitTransaction: async () => {},
  rollbackTransaction: async () => {},
  releaseConnection: async () => {},
  destroy: async () => {},
};
const db: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

afterEach(() => {
  sent.length = 0;
});

/** Runs the repository function and returns the one statement it sent. */
async function sentBy(run: () => Promise<unknown>) {
  sent.length = 0;
  await run();
  expect(sent).toHaveLength(1);
  return { sql: sent[0]!.sql, parameters: sent[0]!.parameters };
}

const fresh = (query: { compile(): CompiledQuery }) => {
  const { sql, parameters } = query.compile();
  return { sql, parameters };
};

const LISTING = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER_LISTING = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const PERSON = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OTHER_PERSON = '16fd2706-8baf-433b-82eb-8c7fada847da';
const NOW = new Date('2026-11-28T12:00:00.123Z');
const LATER = new Date('2027-01-02T03:04:05.006Z');

describe("the order's statements compiled once", () => {
  it('the throttle hit: the text and parameters of a fresh compile, for two calls with other values', async () => {
    for (const [key, now, windowMs, limit] of [
      ['ordersPerUser:a', NOW, 3_600_000, 60],
      ['messagesPerUser:b', LATER, 60_000, 5],
    ] as const) {
      const expected = fresh(hitWindowQuery(db, { key, now, windowStart: new Date(now.getTime() - windowMs), limit }));
      expect(await sentBy(() => hitWindow(db, key, { now, windowMs, limit }))).toEqual(expected);
    }
  });

  it('the listing locked for the order', async () => {
    for (const [id, now] of [
      [LISTING, NOW],
      [OTHER_LISTING, LATER],
    ] as const) {
      expect(await sentBy(() => findPublicForOrder(db, id, now))).toEqual(fresh(publicForOrderQuery(db, { id, now })));
    }
  });

  it('the duplicate check, with a time and without, each shape twice', async () => {
    const calls = [
      { listingId: LISTING, renterId: PERSON, scheduledAt: NOW, timeZone: 'America/Sao_Paulo' },
      { listingId: LISTING, renterId: PERSON, scheduledAt: null, timeZone: 'America/Sao_Paulo' },
      { listingId: OTHER_LISTING, renterId: OTHER_PERSON, scheduledAt: LATER, timeZone: 'Europe/Lisbon' },
      { listingId: OTHER_LISTING, renterId: OTHER_PERSON, scheduledAt: null, timeZone: 'Europe/Lisbon' },
    ];
    for (const call of calls) {
      const expected = fresh(pendingDuplicateQuery(db, call.scheduledAt ? { ...call, scheduledAt: call.scheduledAt } : { listingId: call.listingId, renterId: call.renterId, scheduledAt: null }));
      expect(await sentBy(() => hasPendingDuplicate(db, call))).toEqual(expected);
    }
    // Without a time the check reads any pending order: no time zone, no day in the text.
    expect((await sentBy(() => hasPendingDuplicate(db, calls[1]!))).sql).not.toContain('AT TIME ZONE');
  });

  it("the order's insert, a rental's and a food order's with every optional value set", async () => {
    const rental: NewOrder = { listingId: LISTING, ownerId: PERSON, renterId: OTHER_PERSON, totalCents: 611, startDate: '2026-11-29', endDate: '2026-11-30', deliveryMethod: 'pickup' as const, deliveryAddress: null, scheduledAt: null, message: null, createdAt: NOW, depositCents: 5000 };
    const food: NewOrder = { listingId: OTHER_LISTING, ownerId: OTHER_PERSON, renterId: PERSON, totalCents: 2400, quantity: 3, hours: 2, startDate: null, endDate: null, deliveryMethod: 'delivery' as const, deliveryAddress: 'Bloco B, 302', scheduledAt: LATER, message: 'Sem cebola', createdAt: LATER };
    for (const order of [rental, food]) {
      const values = { ...order, quantity: order.quantity ?? 1, hours: order.hours ?? null, message: order.message ?? null, depositCents: order.depositCents ?? 0 };
      expect(await sentBy(() => insertOrder(db, order))).toEqual(fresh(insertOrderQuery(db, values)));
      // The service's: the id its own, written with the transaction's other writes (outside one, at once).
      const id = order === rental ? LISTING : OTHER_LISTING;
      expect(await sentBy(() => insertOrderLater(db, { ...order, id }))).toEqual(fresh(insertOrderQuery(db, { id, ...values })));
    }
  });

  it("a reservation's batch, read for it", async () => {
    for (const [fornadaId, now] of [
      [LISTING, NOW],
      [OTHER_LISTING, LATER],
    ] as const) {
      expect(await sentBy(() => findForReservation(db, fornadaId, now))).toEqual(fresh(reservationBatchQuery(db, { fornadaId, now })));
    }
  });

  it("a reservation's insert, for pickup and for delivery with a message", async () => {
    const pickup: NewReservation = { id: LISTING, fornadaId: OTHER_LISTING, listingId: LISTING, sellerId: PERSON, requesterId: OTHER_PERSON, quantity: 1, totalCents: 2500, deliveryMethod: 'pickup', deliveryAddress: null, startsAt: NOW, message: null, at: NOW };
    const delivery: NewReservation = { id: OTHER_LISTING, fornadaId: LISTING, listingId: OTHER_LISTING, sellerId: OTHER_PERSON, requesterId: PERSON, quantity: 4, totalCents: 10000, deliveryMethod: 'delivery', deliveryAddress: 'Bloco E, 204', startsAt: LATER, message: 'Sem pimenta', at: LATER };
    for (const reservation of [pickup, delivery]) {
      expect(await sentBy(() => insertReservation(db, reservation))).toEqual(fresh(insertReservationQuery(db, reservation)));
    }
  });

  it('the audit entry, with the title of each kind of target read at the time, a given label, and none', async () => {
    const entries: NewAuditEntry[] = [
      { actorId: PERSON, action: 'order.created', targetType: 'order', targetId: LISTING, after: { listingId: LISTING, startDate: '2026-11-29' }, at: NOW },
      { actorId: OTHER_PERSON, action: 'order.approved', targetType: 'order', targetId: OTHER_LISTING, before: { status: 'pending' }, reason: 'ok', at: LATER },
      { actorId: PERSON, action: 'listing.approved', targetType: 'listing', targetId: LISTING, at: NOW },
      { actorId: PERSON, action: 'announcement.published', targetType: 'announcement', targetId: LISTING, at: NOW },
      { actorId: PERSON, action: 'user.approved', targetType: 'user', targetId: OTHER_PERSON, at: NOW },
      { actorId: null, action: 'listing.paused', targetType: 'listing', targetId: null, at: LATER },
      { actorId: PERSON, action: 'listing.deleted', targetType: 'listing', targetId: LISTING, targetLabel: 'Furadeira', at: NOW },
      { actorId: OTHER_PERSON, action: 'listing.deleted', targetType: 'listing', targetId: OTHER_LISTING, targetLabel: 'Bolo', at: LATER },
    ];
    const titled = new Set<string>();
    for (const entry of entries) {
      const values = { actorId: entry.actorId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, before: entry.before ? JSON.stringify(entry.before) : null, after: entry.after ? JSON.stringify(entry.after) : null, reason: entry.reason ?? null, at: entry.at };
      const got = await sentBy(() => insertEntry(db, entry));
      // The statement as the repository wrote it before templates: the label given, or the target's title read at the time.
      const label = entry.targetLabel ?? null;
      const titleSql: Record<string, string> = {
        listing: '(SELECT l.title FROM listings l WHERE l.id = $',
        order: '(SELECT l.title FROM orders o JOIN listings l ON l.id = o.listing_id WHERE o.id = $',
        announcement: '(SELECT a.title FROM announcements a WHERE a.id = $',
      };
      const titleOf = TITLE_SOURCES[entry.targetType];
      if (entry.targetLabel === undefined && entry.targetId !== null && titleOf) {
        titled.add(entry.targetType);
        expect(got.sql).toContain(titleSql[entry.targetType]);
        expect(got).toEqual(fresh(insertEntryQuery(db, values, titleOf)));
        expect(got.parameters).toEqual([values.actorId, values.action, values.targetType, values.targetId, values.before, values.after, values.reason, values.targetId, values.at]);
      } else {
        expect(got).toEqual(fresh(insertEntryQuery(db, { ...values, label })));
        expect(got.parameters).toEqual([values.actorId, values.action, values.targetType, values.targetId, values.before, values.after, values.reason, label, values.at]);
      }
    }
    expect([...titled].sort()).toEqual(['announcement', 'listing', 'order']);
  });

  it('the notification, with and without a related id and a dedupe key', async () => {
    const notifications = [
      { userId: PERSON, type: 'order_status', title: 'Novo pedido recebido', message: 'Ana pediu a Furadeira', relatedId: LISTING },
      { userId: OTHER_PERSON, type: 'reminder_pickup', title: 'Retirada amanhã', message: 'Bolo', dedupeKey: 'pickup:1' },
    ] as const;
    for (const [notification, at] of [
      [notifications[0], NOW],
      [notifications[1], LATER],
    ] as const) {
      const values = { userId: notification.userId, type: notification.type, title: notification.title, message: notification.message, relatedId: 'relatedId' in notification ? notification.relatedId : null, dedupeKey: 'dedupeKey' in notification ? notification.dedupeKey : null, createdAt: at };
      expect(await sentBy(() => insertNotification(db, notification, at))).toEqual(fresh(insertNotificationQuery(db, values)));
    }
  });

  it("the notification's event and the staff's summary event", async () => {
    for (const [userId, id] of [
      [PERSON, LISTING],
      [OTHER_PERSON, OTHER_LISTING],
    ] as const) {
      const event = { userId, kind: NOTIFICATION_CREATED_KIND, payload: { id, title: 'T', message: 'M', type: 'order_status' as const, relatedId: null } };
      expect(await sentBy(() => publishEvent(db, event))).toEqual(fresh(insertEventQuery(db, { userId, kind: event.kind, payload: eventPayloadText(event) })));
      const staffEvent = { kind: ADMIN_SUMMARY_CHANGED_KIND, payload: {} } as const;
      const staffSql = staffEventsQuery({ kind: staffEvent.kind, payload: eventPayloadText(staffEvent) }).compile(db);
      expect(await sentBy(() => publishToStaff(db, staffEvent))).toEqual({ sql: staffSql.sql, parameters: staffSql.parameters });
    }
  });
});
