import { expireInvitesJob } from '../modules/invites/invites.service.ts';
import type { ScheduledJob } from './scheduled-job.ts';

/** Every recurring job of the app; the job queue schedules each of these once for all instances. */
export const scheduledJobs: ScheduledJob[] = [expireInvitesJob];
