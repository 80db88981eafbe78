// Zod-free, for the home's pinned banner on the first screen (docs/decisions/013-first-screen.md); announcement.schema.ts re-exports it.

export const ANNOUNCEMENTS_HREF = '/comunicados';

/** A line of a phone screen, and the notification's title ('Comunicado: ' + title) stays under its 200. */
export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 120;
/** A few paragraphs: the water shut-off, the party room's new rule. */
export const ANNOUNCEMENT_BODY_MAX_LENGTH = 5000;

/** What the home shows of the announcement pinned on top (the newest one pinned until today or later). */
export interface PinnedAnnouncement {
  id: string;
  title: string;
  pinnedUntil: string;
}

/** The title of every resident's notification of a new announcement. */
export function announcementNotificationTitle(title: string): string {
  return `Comunicado: ${title}`;
}
