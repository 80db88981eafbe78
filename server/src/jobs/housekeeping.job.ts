import { forgetOldLoginAttempts, forgetOldSignInLinks } from '../modules/auth/auth.service.ts';
import { eventsClockDaysAgo } from '../realtime/events.repository.ts';
import type { ScheduledJob } from './scheduled-job.ts';

/**
 * Hourly: expired sessions, login attempts past the throttling window, old sign-in links, and
 * events too old for any reconnecting tab to need.
 */
export const housekeepingJob: ScheduledJob = {
  name: 'housekeeping',
  cron: '17 * * * *',
  async run(deps) {
    await deps.sessions.deleteExpired();
    await forgetOldLoginAttempts(deps);
    await forgetOldSignInLinks(deps);
    // The database stamps the realtime events (not the app clock: decision 016), so their age is
    // read on its clock too; on the app's, a clock set weeks ahead (CLOCK_START) would prune events just written.
    await deps.bus.pruneOlderThan(await eventsClockDaysAgo(deps.db, 30));
  },
};
