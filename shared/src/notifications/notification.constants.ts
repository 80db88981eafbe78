// Zod-free, for the client's first screen (docs/decisions/013-first-screen.md); notification.schema.ts re-exports it.

/** The spec's cap of 10 is the first page; 'Ver mais' loads the next. */
export const NOTIFICATION_PAGE_SIZE = 10;
