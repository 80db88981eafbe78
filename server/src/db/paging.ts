import { sql, type SelectQueryBuilder } from 'kysely';

// Keyset paging (docs/decisions/011-read-path.md): a page is "the rows after this one", never an
// offset, so rows written between two pages are neither skipped nor shown twice.

/**
 * Newest created first, the page after the cursor's row: ordered by (created_at, id)
 * descending, ties broken by id. The cursor is the last row's id; its created_at is
 * read from the table, so no timestamp is rounded through JavaScript. Fetches
 * limit + 1 rows: the extra one only says there is a next page (see pageOf).
 */
export function newestCreatedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  rows: { table: 'users' | 'orders' | 'listings' | 'wanted_requests'; alias: string },
  page: { cursor: string | null; limit: number },
) {
  const createdAt = sql.ref(`${rows.alias}.created_at`);
  const id = sql.ref(`${rows.alias}.id`);
  const after = page.cursor
    ? query.where(sql<boolean>`(${createdAt}, ${id}) < (SELECT c.created_at, c.id FROM ${sql.table(rows.table)} c WHERE c.id = ${page.cursor})`)
    : query;
  return after.orderBy(createdAt, 'desc').orderBy(id, 'desc').limit(page.limit + 1);
}

/** A page from rows fetched with limit + 1: the extra row only says there is a next page, after the last item's id. */
export function pageOf<Row extends { id: string }, Item>(rows: Row[], limit: number, toItem: (row: Row) => Item) {
  return keysetPage(rows, limit, toItem, (row) => row.id);
}

/** pageOf for rows whose cursor is not their id (an inbox pages by each conversation's last message). */
export function keysetPage<Row, Item>(rows: Row[], limit: number, toItem: (row: Row) => Item, cursorOf: (row: Row) => string) {
  const kept = rows.slice(0, limit);
  return { items: kept.map(toItem), nextCursor: rows.length > limit ? cursorOf(kept[kept.length - 1]!) : null };
}
