import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { markOverdueAndPause } from './billing.service.ts';

/** Every day just after midnight in the condominium: overdue charges pause their owner's listings. */
export const billingOverdueJob: ScheduledJob = {
  name: 'billing.mark-overdue',
  cron: '5 0 * * *',
  run: (deps) => markOverdueAndPause(deps),
};
