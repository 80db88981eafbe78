// The channels the bus LISTENs on (the migrations that NOTIFY on them copy these names: they never import app code).

/**
 * NOTIFYed by a trigger on `events` with the id of each transaction that wrote events and the
 * people they are for (event-announcement.ts), once per statement's set of people however many
 * events it wrote (migration 2027_02_15_0101).
 */
export const EVENTS_CHANNEL = 'vizinhanca_event_people';
/** NOTIFYed by database triggers with a person's id when their sessions, account or roles change (migration 2026_12_16_0001). */
export const SESSIONS_CHANNEL = 'vizinhanca_sessions';
/** NOTIFYed by database triggers when what the public feed shows may have changed ('listings' or 'orders'; migration 2026_12_24_0001). */
export const FEED_CHANNEL = 'vizinhanca_feed';
/** Channels of changes heard on the same connection besides events and sessions (see EventBus.onChannel). */
export const CHANGE_CHANNELS = [FEED_CHANNEL];
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];
