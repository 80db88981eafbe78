import { AUDIT_ACTION_LABELS, AUDIT_PAGE_SIZE, AUDIT_REDACTED_VALUE, type AuditEntry } from '@vizinhanca/shared/audit/audit.schema';
import type { AppDeps } from '../../context.ts';
import { pageOf } from '../../db/paging.ts';
import type { Db } from '../../db/database.ts';
import * as audit from './audit.repository.ts';
import { ADMIN_SUMMARY_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

/** An entry as the modules record it; the moment is the app clock's. */
export type AuditRecord = Omit<audit.NewAuditEntry, 'at'>;

/** Transactions that already told the staff their counts moved (one event per transaction is enough). */
const summaryAnnounced = new WeakSet<Db>();

/**
 * Tells every administrator and moderator that a count of /admin's summary cards
 * moved, in the transaction that moves it: their cards reload after the commit.
 * Every audit entry moves one (the 'Atividade' count), so `record` calls it; changes
 * that write no entry (an order cancelled, a listing removed by its owner) call it themselves.
 */
export async function summaryChanged(deps: AppDeps, trx: Db): Promise<void> {
  if (trx.isTransaction) {
    if (summaryAnnounced.has(trx)) return;
    summaryAnnounced.add(trx);
  }
  await deps.bus.publishToStaff(trx, { kind: ADMIN_SUMMARY_CHANGED_KIND, payload: {} });
}

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the
 * change: the entry exists exactly when the change does.
 */
export async function record(deps: AppDeps, trx: Db, entry: AuditRecord): Promise<void> {
  const personOf = entry.targetType === 'user' ? entry.targetId : null;
  const before = splitPersonal(entry.before, personOf);
  const after = splitPersonal(entry.after, personOf);
  const kept = { ...entry, before: before.kept, after: after.kept, at: deps.clock.now() };
  if (personOf && (before.personal || after.personal)) {
    const id = await audit.insertEntry(trx, kept);
    await audit.insertPersonalValues(trx, { auditId: id, userId: personOf, before: before.personal ?? {}, after: after.personal ?? {} });
  } else {
    await audit.insertEntryLater(trx, kept);
  }
  await summaryChanged(deps, trx);
}

/**
 * A person's own data (LGPD) never goes into the append-only log row: it is kept
 * beside it, tied to the person, and deleted if they are anonymised.
 */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set(['fullName', 'email', 'cpf', 'phone', 'block', 'apartment', 'bio']);

function splitPersonal(values: Record<string, unknown> | null | undefined, personId: string | null) {
  if (!values || !personId) return { kept: values ?? null, personal: null };
  const kept: Record<string, unknown> = {};
  const personal: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) (PERSONAL_FIELDS.has(field) ? personal : kept)[field] = value;
  return { kept: Object.keys(kept).length ? kept : null, personal: Object.keys(personal).length ? personal : null };
}

/** Anonymisation: the personal values in the person's entries go; the entries (who did what, when) stay. */
export function forgetPersonalValues(trx: Db, userId: string) {
  return audit.deletePersonalValuesOf(trx, userId);
}

/** Keys whose values say what kind of change it was, never who or what was written: kept when an entry is blanked. */
const DESCRIPTIVE_KEYS: ReadonlySet<string> = new Set([
  'status',
  'approvalStatus',
  'isSuspended',
  'roles',
  'type',
  'priceUnit',
  'priceCents',
  'amountCents',
  'autoRenewal',
  'dueDate',
  'startDate',
  'endDate',
  'listingId',
  'ownerId',
  'userId',
]);

const holdsText = (value: unknown): boolean => typeof value === 'string' || (typeof value === 'object' && value !== null && JSON.stringify(value).includes('"'));

/** Every value that is text (a title, a description, a name) under a key that does not only describe the change becomes the marker. */
function redacted(values: unknown): unknown {
  const object = asObject(values);
  if (!object) return values;
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, !DESCRIPTIVE_KEYS.has(key) && holdsText(value) ? AUDIT_REDACTED_VALUE : value]));
}

/**
 * Anonymisation: the entries about the person, their listings and their orders keep
 * who did what and when; the texts in them (a listing's title and description, the
 * title of their listing kept then, a reason that may name the person) are blanked,
 * but for the app's own `keptReasons`.
 */
export async function redactEntriesAbout(trx: Db, targets: { userId: string; listingIds: string[]; orderIds: string[]; requestIds: string[] }, keptReasons: readonly string[]) {
  for (const entry of await audit.listEntriesAbout(trx, targets)) {
    const reason = entry.reason === null || keptReasons.includes(entry.reason) ? entry.reason : AUDIT_REDACTED_VALUE;
    const targetLabel = entry.target_label !== null && entry.labels_own_listing ? AUDIT_REDACTED_VALUE : entry.target_label;
    const change = { before: redacted(entry.before), after: redacted(entry.after), reason, targetLabel };
    const same = JSON.stringify([entry.before, entry.after, entry.reason, entry.target_label]) === JSON.stringify([change.before, change.after, reason, targetLabel]);
    if (!same) await audit.writeRedacted(trx, entry.id, change);
  }
}

export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The log row's values with the personal ones kept beside it (gone once the person was anonymised). */
function merged(logged: unknown, personal: unknown): Record<string, unknown> | null {
  const values = { ...asObject(logged), ...asObject(personal) };
  return Object.keys(values).length ? values : null;
}

export function toEntry(row: audit.AuditRow): AuditEntry {
  return {
    id: String(row.id),
    action: row.action,
    label: actionLabel(row.action),
    actor: row.actor_id ? { id: row.actor_id, fullName: row.actor_full_name ?? '', avatarUrl: row.actor_avatar_url } : null,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    before: merged(row.before, row.personal_before),
    after: merged(row.after, row.personal_after),
    personalDataRemoved: row.target_anonymized,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

/** The Atividade section: the latest 20, then 'Ver mais'. */
export async function list(deps: AppDeps, cursor: string | null) {
  const rows = await audit.listPage(deps.db, cursor, AUDIT_PAGE_SIZE);
  return pageOf(rows, AUDIT_PAGE_SIZE, toEntry);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Entries in the last 24 hours, for the Atividade card, and when that count next
 * drops by itself (the oldest of them turns 24 hours old), so the screen reloads then.
 */
export async function countLastDay(deps: AppDeps): Promise<{ count: number; changesAt: Date | null }> {
  const { count, oldest } = await audit.countAfter(deps.db, new Date(deps.clock.now().getTime() - DAY_MS));
  return { count, changesAt: oldest ? new Date(oldest.getTime() + DAY_MS) : null };
}

export const streamAll = (db: Db) => audit.streamAll(db);
