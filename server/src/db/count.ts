import { sql, type SelectQueryBuilder } from 'kysely';

/** How many rows a query matches (Postgres returns count(*) as a bigint, which the driver hands over as a string). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot name the selected column while DB and TB are still type parameters.
  const row = await query.select(sql<string>`count(*)`.as('count')).$castTo<{ count: string }>().executeTakeFirstOrThrow();
  return Number(row.count);
}
