import { scheduledBackupJob } from '../backup/backup.job.ts';
import { staffDigestJob } from '../modules/admin/staff-digest.job.ts';
import { billingOverdueJob } from '../modules/billing/billing.job.ts';
import { orderPhotosRetentionJob, orphanImagesCleanupJob } from '../modules/images/images.service.ts';
import { expireInvitesJob } from '../modules/invites/invites.service.ts';
import { listingExpiryJob } from '../modules/listings/listings.jobs.ts';
import { closeFornadasJob, fornadaRemindersJob } from '../modules/orders/fornadas.jobs.ts';
import { expireOrdersJob, rentalRemindersJob } from '../modules/orders/orders.jobs.ts';
import { revealReviewsJob } from '../modules/reviews/reviews.service.ts';
import { throttleCleanupJob } from '../modules/throttle/throttle.service.ts';
import { housekeepingJob } from './housekeeping.job.ts';
import type { ScheduledJob } from './scheduled-job.ts';

/** Every recurring job of the app; the job queue schedules each of these once for all instances. */
export const scheduledJobs: ScheduledJob[] = [housekeepingJob, rentalRemindersJob, expireOrdersJob, listingExpiryJob, throttleCleanupJob, orphanImagesCleanupJob, orderPhotosRetentionJob, billingOverdueJob, expireInvitesJob, revealReviewsJob, staffDigestJob, scheduledBackupJob, closeFornadasJob, fornadaRemindersJob];
