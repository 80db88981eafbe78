import { forgetOldLoginAttempts } from '../modules/auth/auth.service.ts';
import type { ScheduledJob } from './scheduled-job.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Hourly: expired sessions, login attempts past the throttling window, and
 * events too old for any reconnecting tab to need.
 */
export const housekeepingJob: ScheduledJob = {
  name: 'housekeeping',
  cron: '17 * * * *',
  async run(deps) {
    const now = deps.clock.now().getTime();
    await deps.sessions.deleteExpired();
    await forgetOldLoginAttempts(deps);
    await deps.bus.pruneOlderThan(new Date(now - 30 * DAY_MS));
  },
};
