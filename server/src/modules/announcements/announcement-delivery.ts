import { ANNOUNCEMENTS_HREF, announcementNotificationTitle } from '@vizinhanca/shared/announcements/announcement.constants';
import type { OneOffJob } from '../../context.ts';
import { appBaseUrl, renderEmail } from '../../mail/email-template.ts';
import { sendEmailJob } from '../../mail/email.job.ts';
import { FAN_OUT_CHUNK, pushToDevicesOfEach } from '../notifications/notifications.service.ts';
import * as announcements from './announcements.repository.ts';

/** The notification's and the push's text: the start of the announcement, on one line. */
export function announcementExcerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * After an announcement commits: an e-mail job per recipient who wants e-mail and a push job
 * per device of those who want push (the 'Comunicados' switch governs both), enqueued a chunk
 * at a time. Every job has its own key (announcement and person, or device), so this job
 * retried halfway enqueues only what is missing, and an SMTP outage only delays the e-mails,
 * each retried on its own with the same Message-ID.
 */
export const deliverAnnouncementJob: OneOffJob<{ announcementId: string }> = {
  name: 'announcement.deliver',
  async run(deps, { announcementId }) {
    const announcement = await announcements.findForDelivery(deps.db, announcementId);
    if (!announcement || announcement.removed_at) return;
    const subject = announcementNotificationTitle(announcement.title);
    const url = `${appBaseUrl(deps.config)}${ANNOUNCEMENTS_HREF}`;
    const paragraphs = announcement.body.split('\n').filter((line) => line.trim() !== '');
    const push = { title: subject, body: announcementExcerpt(announcement.body), url: ANNOUNCEMENTS_HREF, tag: `announcement:${announcement.id}` };
    let after: string | null = null;
    for (;;) {
      const page = await announcements.listDeliveryRecipients(deps.db, announcementId, after, FAN_OUT_CHUNK);
      if (!page.length) return;
      after = page[page.length - 1]!.id;
      const emails = page
        .filter((person) => person.wants_email)
        .map((person) => {
          const key = `announcement-email:${announcement.id}:${person.id}`;
          const content = renderEmail(deps.config, { subject, greeting: `Olá, ${person.full_name}!`, paragraphs, link: { label: 'Abrir no Vizinhança', url } });
          return { data: { to: person.email, ...content, idempotencyKey: key }, key };
        });
      await deps.queue.enqueueMany(deps.db, sendEmailJob, emails);
      const pushed = page.filter((person) => person.wants_push).map((person) => person.id);
      await pushToDevicesOfEach(deps, pushed, push, `push:announcement:${announcement.id}`);
    }
  },
};
