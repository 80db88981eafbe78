import { type Kysely } from 'kysely';

// The audit log tells the truth of its moment: an entry about a listing or an order
// keeps the listing's title as it was when the entry was written, so renaming the
// listing later does not rewrite its history. Entries written before this migration
// have none and keep showing the current title (what they were is not known).
// People's names are not copied here: they are personal data (LGPD), read live, and
// an anonymised person's entries show 'Ex-morador'. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('target_label', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('target_label').execute();
}
