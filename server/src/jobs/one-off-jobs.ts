import { sendEmailJob } from '../mail/email.job.ts';
import { deliverAnnouncementJob } from '../modules/announcements/announcement-delivery.ts';
import { deleteImageFilesJob } from '../modules/images/images.service.ts';
import { deliverNotificationJob, sendPushJob } from '../modules/notifications/notification-delivery.ts';
import { deliverMessageJob, emailMessageJob } from '../modules/messages/message-delivery.ts';
import type { OneOffJob } from '../context.ts';

/** Every kind of one-off job; the queue works each of these on every instance. */
export const oneOffJobs: OneOffJob<never>[] = [
  sendEmailJob as OneOffJob<never>,
  deliverNotificationJob as OneOffJob<never>,
  sendPushJob as OneOffJob<never>,
  deliverMessageJob as OneOffJob<never>,
  emailMessageJob as OneOffJob<never>,
  deleteImageFilesJob as OneOffJob<never>,
  deliverAnnouncementJob as OneOffJob<never>,
];
