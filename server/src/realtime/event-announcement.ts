/**
 * What a NOTIFY on EVENTS_CHANNEL says (migration 2027_02_15_0101): a transaction wrote events,
 * and whom they are for. 'transaction id' alone: anyone may want them (a system event, a
 * broadcast); 'transaction id:person,person': only these people (none after the colon: nobody).
 */
export interface EventAnnouncement {
  /** xid8, decimal. */
  transactionId: string;
  /** Null when every instance reads the transaction. */
  people: string[] | null;
}

const TRANSACTION_ID = /^\d{1,20}$/;

/** The announcement, or null for a payload not of that form (a hand-made NOTIFY): nothing to read. */
export function parseEventAnnouncement(payload: string): EventAnnouncement | null {
  const colon = payload.indexOf(':');
  const transactionId = colon < 0 ? payload : payload.slice(0, colon);
  if (!TRANSACTION_ID.test(transactionId)) return null;
  if (colon < 0) return { transactionId, people: null };
  const list = payload.slice(colon + 1);
  const people = list === '' ? [] : list.split(',');
  if (people.some((person) => person === '')) return null;
  return { transactionId, people };
}
