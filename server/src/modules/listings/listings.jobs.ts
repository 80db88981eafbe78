import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { sendExpiryNotices } from './listing-expiry.service.ts';

/** Hourly: 'expires soon' and 'expired' notices to owners, each once per expiry. */
export const listingExpiryJob: ScheduledJob = {
  name: 'listings.expiry-notices',
  cron: '10 * * * *',
  run: (deps) => sendExpiryNotices(deps),
};
