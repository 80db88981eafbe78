// What a backup must bring back, read the same way from the source and the restored copy.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { FileStorage } from '../src/storage/file-storage.ts';

export async function tableNames(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY relname`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Every table's row count and a hash of its rows (in a stable order), and every sequence's position. */
export async function contents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, string> = {};
    for (const name of await tableNames(url)) {
      if (name.startsWith('kysely_migration')) continue;
      const { rows } = await client.query<{ count: string; hash: string | null }>(
        `SELECT count(*)::text AS count, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS hash FROM "${name}" t`,
      );
      result[name] = `${rows[0]!.count} ${rows[0]!.hash}`;
    }
    const { rows: sequences } = await client.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' AND relname NOT LIKE 'kysely%'`,
    );
    for (const { name } of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM "${name}"`);
      result[`sequence ${name}`] = `${rows[0]!.last_value} ${rows[0]!.is_called}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

export async function fileHashes(storage: FileStorage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const key of storage.list()) {
    const stored = await storage.get(key);
    const hash = createHash('sha256');
    for await (const chunk of stored!.stream) hash.update(chunk as Buffer);
    hashes[key] = hash.digest('hex');
  }
  return hashes;
}
