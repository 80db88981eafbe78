import { describe, expect, it } from 'vitest';
import { parseEventAnnouncement } from './event-announcement.ts';

describe('an event announcement (the NOTIFY of a transaction that wrote events)', () => {
  it('a transaction id alone: every instance reads it', () => {
    expect(parseEventAnnouncement('506111')).toEqual({ transactionId: '506111', people: null });
  });

  it('a transaction id and its people: only those people', () => {
    const people = ['0e9d3716-87c3-4000-a2ac-3ab6a045dbaa', 'f19bc719-45ab-4cad-aa25-5d3a518ec31c'];
    expect(parseEventAnnouncement(`506112:${people.join(',')}`)).toEqual({ transactionId: '506112', people });
  });

  it('a transaction id naming nobody: events for no one in particular', () => {
    expect(parseEventAnnouncement('506113:')).toEqual({ transactionId: '506113', people: [] });
  });

  it('anything else is not an announcement', () => {
    for (const payload of ['', 'abc', '12a', ':0e9d3716', '506114:a,,b', '506115:a,', '-1', '1'.repeat(21), '506116 0e9d3716']) {
      expect(parseEventAnnouncement(payload), payload).toBeNull();
    }
  });
});
