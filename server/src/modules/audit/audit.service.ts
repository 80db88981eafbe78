import { AUDIT_ACTION_LABELS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditTargetType } from '@vizinhanca/shared/audit/audit.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import * as audit from './audit.repository.ts';

export interface AuditRecord {
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the
 * change: the entry exists exactly when the change does.
 */
export function record(deps: AppDeps, trx: Db, entry: AuditRecord): Promise<unknown> {
  return audit.insertEntry(trx, { ...entry, at: deps.clock.now() });
}

export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function toEntry(row: audit.AuditRow): AuditEntry {
  return {
    id: String(row.id),
    action: row.action,
    label: actionLabel(row.action),
    actor: row.actor_id ? { id: row.actor_id, fullName: row.actor_full_name ?? '' } : null,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    before: asObject(row.before),
    after: asObject(row.after),
    reason: row.reason,
    createdAt: row.created_at,
  };
}

/** The Atividade section: the latest 20, then 'Ver mais'. */
export async function list(deps: AppDeps, cursor: string | null) {
  const rows = await audit.listPage(deps.db, cursor, AUDIT_PAGE_SIZE);
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map(toEntry);
  return { items, nextCursor: rows.length > AUDIT_PAGE_SIZE ? items[items.length - 1]!.id : null };
}

/** Entries in the last 24 hours, for the Atividade card. */
export function countLastDay(deps: AppDeps) {
  return audit.countSince(deps.db, new Date(deps.clock.now().getTime() - 24 * 3600 * 1000));
}

export const streamAll = (db: Db) => audit.streamAll(db);
