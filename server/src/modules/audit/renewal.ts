import type { AuditAction, AuditTargetType } from '@vizinhanca/shared/audit/audit.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { record } from './audit.service.ts';

/** What is renewed: the target on the record, its expiry now, how the new one is reckoned, and how the owning module writes it. */
export interface Renewal<Expiry extends Date | null> {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  expiresAt: Expiry;
  renewedExpiry: (expiresAt: Expiry, now: Date) => Date;
  write: (expiresAt: Date, now: Date) => Promise<unknown>;
}

/**
 * A renewal in the caller's transaction (listings and 'Procura-se' requests): the new expiry
 * reckoned from the current one on the app clock, written, and on the record with both.
 */
export async function renewOnRecord<Expiry extends Date | null>(deps: AppDeps, trx: Db, renewal: Renewal<Expiry>): Promise<Date> {
  const now = deps.clock.now();
  const expiresAt = renewal.renewedExpiry(renewal.expiresAt, now);
  await renewal.write(expiresAt, now);
  await record(deps, trx, {
    actorId: renewal.actorId,
    action: renewal.action,
    targetType: renewal.targetType,
    targetId: renewal.targetId,
    before: { expiresAt: renewal.expiresAt },
    after: { expiresAt },
  });
  return expiresAt;
}
