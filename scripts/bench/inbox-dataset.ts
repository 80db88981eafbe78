// /mensagens on the generated data (scripts/bench/dataset.ts): a few signed-in neighbours with
// 200 conversations each, and messages in every completed order of the dataset, so the inbox
// reads its indexes among many threads that are not the person's. Plain SQL, one transaction.

/** The neighbours whose /mensagens is measured: sessions 1..people (cookie sessionToken(n)), each with `conversations` orders that have messages. */
export type InboxBenchSize = { people: number; conversations: number; messagesPerConversation: number; messagesPerOtherOrder: number };

export const INBOX_BENCH_SIZE: InboxBenchSize = { people: 10, conversations: 200, messagesPerConversation: 8, messagesPerOtherOrder: 4 };

/** The statements, in order (after datasetSql); run them in one transaction, then ANALYZE. */
export function inboxDatasetSql(size: InboxBenchSize = INBOX_BENCH_SIZE): string[] {
  const { people, conversations, messagesPerConversation, messagesPerOtherOrder } = size;
  return [
    // Messages in the dataset's completed orders first (between their own two people, all read), but
    // those of the measured neighbours: theirs are exactly the conversations below.
    `INSERT INTO order_messages (order_id, sender_id, recipient_id, client_id, body, created_at, read_at)
     SELECT o.id, CASE WHEN m % 2 = 0 THEN o.renter_id ELSE o.owner_id END, CASE WHEN m % 2 = 0 THEN o.owner_id ELSE o.renter_id END,
            gen_random_uuid(), 'Mensagem ' || m || ' sobre o pedido', o.created_at + m * interval '1 minute', o.created_at + m * interval '2 minutes'
     FROM orders o CROSS JOIN generate_series(1, ${messagesPerOtherOrder}) AS m
     WHERE NOT EXISTS (SELECT 1 FROM bench_owner p WHERE p.rn BETWEEN 1 AND ${people} AND p.id IN (o.renter_id, o.owner_id))`,
    // Each measured neighbour (sessions 1..people) ordered `conversations` services of others: some
    // still going, most completed (a few over 30 days ago: read-only), in the past 90 days.
    `CREATE TEMP TABLE bench_services AS
     SELECT row_number() OVER (ORDER BY published_at DESC, id) AS n, id, user_id, price_cents FROM listings WHERE type = 'service' AND status = 'active'`,
    `CREATE TEMP TABLE bench_inbox_orders AS
     SELECT p.rn AS person_rn, p.id AS renter_id, s.id AS listing_id, s.user_id AS owner_id, s.price_cents, k.k,
            now() - (k.k * interval '10 hours') AS created_at
     FROM bench_owner p
     CROSS JOIN generate_series(1, ${conversations}) AS k(k)
     JOIN bench_services s ON s.n = p.rn * ${conversations} + k.k AND s.user_id <> p.id
     WHERE p.rn BETWEEN 1 AND ${people}`,
    `INSERT INTO orders (listing_id, owner_id, renter_id, status, total_cents, quantity, delivery_method, created_at, approved_at, delivered_at, completed_at, updated_at)
     SELECT listing_id, owner_id, renter_id, CASE WHEN k % 10 = 0 THEN 'approved' ELSE 'completed' END, price_cents, 1, 'pickup',
            created_at, created_at + interval '1 hour', CASE WHEN k % 10 = 0 THEN NULL ELSE created_at + interval '2 hours' END,
            CASE WHEN k % 10 = 0 THEN NULL ELSE created_at + interval '3 hours' END, created_at
     FROM bench_inbox_orders`,
    // A conversation of `messagesPerConversation` messages each, taking turns; the owner's last two unread in every third.
    `INSERT INTO order_messages (order_id, sender_id, recipient_id, client_id, body, created_at, read_at)
     SELECT o.id, CASE WHEN m % 2 = 1 THEN o.renter_id ELSE o.owner_id END, CASE WHEN m % 2 = 1 THEN o.owner_id ELSE o.renter_id END,
            gen_random_uuid(), 'Oi! Sobre o pedido, mensagem ' || m || '. Posso passar às 18h para combinar a entrega?',
            o.created_at + m * interval '3 minutes',
            CASE WHEN m % 2 = 0 AND m > ${messagesPerConversation - 2} AND i.k % 3 = 0 THEN NULL ELSE o.created_at + m * interval '4 minutes' END
     FROM bench_inbox_orders i
     JOIN orders o ON o.renter_id = i.renter_id AND o.listing_id = i.listing_id AND o.created_at = i.created_at
     CROSS JOIN generate_series(1, ${messagesPerConversation}) AS m`,
  ];
}
