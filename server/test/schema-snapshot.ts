import type pg from 'pg';

/**
 * The database's schema as plain data, read from pg_catalog: extensions, tables,
 * columns, constraints, indexes, sequences, functions and triggers outside the
 * system schemas. Two snapshots are equal when the schemas are. Kysely's own
 * bookkeeping tables are left out: they record history, not schema.
 */
export async function schemaSnapshot(client: pg.Client): Promise<Record<string, string[]>> {
  const userNamespaces = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'`;
  const notKysely = `c.relname NOT LIKE 'kysely_migration%'`;
  const queries: Record<string, string> = {
    extensions: `SELECT extname || ' ' || extversion AS item FROM pg_extension WHERE extname <> 'plpgsql'`,
    relations: `
      SELECT n.nspname || '.' || c.relname || ' kind=' || c.relkind::text || CASE c.relpersistence WHEN 'u' THEN ' unlogged' ELSE '' END AS item
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${userNamespaces} AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${notKysely}`,
    columns: `
      SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
        -- Position among the live columns: a dropped column leaves a gap in attnum, not a change of schema.
        || ' #' || row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum) AS item
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE ${userNamespaces} AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND a.attnum > 0 AND NOT a.attisdropped AND ${notKysely}`,
    constraints: `
      SELECT c.relname || '.' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS item
      FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${userNamespaces} AND ${notKysely}`,
    indexes: `
      SELECT pg_get_indexdef(i.indexrelid) AS item
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${userNamespaces} AND ${notKysely}`,
    sequences: `
      SELECT c.relname || ' ' || format_type(s.seqtypid, NULL) || ' start ' || s.seqstart || ' by ' || s.seqincrement AS item
      FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${userNamespaces} AND ${notKysely}`,
    functions: `
      SELECT n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') returns '
        || pg_get_function_result(p.oid) || ' ' || md5(coalesce(p.prosrc, '')) AS item
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE ${userNamespaces}`,
    triggers: `
      SELECT pg_get_triggerdef(t.oid) AS item
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${userNamespaces} AND NOT t.tgisinternal`,
    types: `
      SELECT n.nspname || '.' || t.typname || ' ' || t.typtype::text AS item
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE ${userNamespaces} AND t.typtype IN ('e', 'd', 'c') AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')`,
  };
  const snapshot: Record<string, string[]> = {};
  for (const [part, query] of Object.entries(queries)) {
    const { rows } = await client.query<{ item: string }>(query);
    snapshot[part] = rows.map((row) => row.item).sort();
  }
  return snapshot;
}
