import type { AppDeps, OneOffJob } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { MailMessage } from './mailer.ts';

type EmailJobData = MailMessage & { idempotencyKey: string };

/** One e-mail; an SMTP outage fails the job and the queue retries it with backoff. */
export const sendEmailJob: OneOffJob<EmailJobData> = {
  name: 'email.send',
  run: (deps, data) => deps.mailer.send(data),
};

/**
 * Queues an e-mail in the caller's transaction: it goes out only if the change
 * commits, survives a crash or an SMTP outage, and the same key never sends twice.
 */
export function enqueueEmail(deps: AppDeps, db: Db, message: MailMessage, key: string): Promise<void> {
  return deps.queue.enqueue(db, sendEmailJob, { ...message, idempotencyKey: key }, { key });
}
