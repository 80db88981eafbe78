import { pendingSummary, type PendingCounts } from '@vizinhanca/shared/staff/pending-wait.rules';
import { PENDING_ITEM_NOTIFICATIONS } from '@vizinhanca/shared/notifications/staff-pending.messages';
import type { AppDeps } from '../../context.ts';
import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { appBaseUrl, renderEmail } from '../../mail/email-template.ts';
import { enqueueEmail } from '../../mail/email.job.ts';
import * as problems from '../problems/problems.service.ts';
import * as reports from '../reports/reports.service.ts';
import { digestRecipients, takeDigestSlot } from '../notifications/notifications.service.ts';
import { pendencies } from './admin.service.ts';

const STAFF_TYPES = Object.values(PENDING_ITEM_NOTIFICATIONS).map((kind) => kind.type);

/**
 * What waits now for this person: moderators are not counted sign-ups (people are administrators'
 * business); 'denúncias' are the reports of listings, neighbours and messages still open;
 * 'problemas' are open problems on orders.
 */
async function pendingCountsFor(deps: AppDeps, isAdmin: boolean): Promise<PendingCounts> {
  const [counts, openReports, openProblems] = await Promise.all([pendencies(deps, isAdmin), reports.openCount(deps), problems.openCount(deps)]);
  return { signUps: counts.pendingUsers, listings: counts.pendingListings, reports: openReports, problems: openProblems };
}

/**
 * One e-mail per staff member who was told of a pending item since their last digest,
 * at most one an hour each: the slot is taken in Postgres in the same transaction that
 * enqueues the e-mail, so two instances or a retried run never send the same hour twice,
 * and the e-mail itself retries through the queue. Nothing when nothing waits any more.
 */
export async function sendStaffDigests(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const recipients = await digestRecipients(deps, now, STAFF_TYPES);
  const countsByRole = new Map<boolean, PendingCounts>();
  for (const recipient of recipients) {
    const isAdmin = Boolean(recipient.is_admin);
    if (!countsByRole.has(isAdmin)) countsByRole.set(isAdmin, await pendingCountsFor(deps, isAdmin));
    const summary = pendingSummary(countsByRole.get(isAdmin)!);
    if (!summary) continue;
    await deps.db.transaction().execute(async (trx) => {
      if (!(await takeDigestSlot(trx, recipient.id, now))) return;
      const email = renderEmail(deps.config, {
        subject: summary,
        greeting: `Olá, ${recipient.full_name}!`,
        paragraphs: [
          `${summary} a sua análise no painel da administração.`,
          'Este resumo chega no máximo uma vez por hora. Para não recebê-lo, desligue "Pendências da administração" em Configurações.',
        ],
        link: { label: 'Abrir o painel', url: `${appBaseUrl(deps.config)}/admin` },
      });
      await enqueueEmail(deps, trx, { to: recipient.email, ...email }, `staff-digest:${recipient.id}:${now.toISOString()}`);
    });
  }
}

/** Every five minutes: a new pending item reaches staff's inbox within minutes, then at most hourly. */
export const staffDigestJob: ScheduledJob = {
  name: 'admin.staff-digest',
  cron: '*/5 * * * *',
  run: (deps) => sendStaffDigests(deps),
};
