import { describe, expect, it } from 'vitest';
import { businessMillisecondsBetween, isOverdue, overdueCutoff, overdueFirst, pendingSummary, waitingText } from './pending-wait.rules.ts';

const SP = 'America/Sao_Paulo';
const HOUR = 3_600_000;
/** São Paulo wall-clock time (UTC-3 all year since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('24 business hours, Monday to Friday in the condominium', () => {
  // Friday 27/11/2026, 19:00 in São Paulo.
  const fridayEvening = sp('2026-11-27T19:00:00');

  it('a Friday-evening item is not late on Saturday nor on Sunday, and is late by Monday evening', () => {
    expect(isOverdue(fridayEvening, sp('2026-11-28T12:00:00'), SP)).toBe(false);
    expect(isOverdue(fridayEvening, sp('2026-11-29T23:59:00'), SP)).toBe(false);
    // Friday 19:00-24:00 is 5 hours; Monday needs 19 more.
    expect(isOverdue(fridayEvening, sp('2026-11-30T18:59:00'), SP)).toBe(false);
    expect(isOverdue(fridayEvening, sp('2026-11-30T19:01:00'), SP)).toBe(true);
    expect(isOverdue(fridayEvening, sp('2026-11-30T21:00:00'), SP)).toBe(true);
  });

  it('counts only the weekday hours between two instants, on the zone wall clock', () => {
    expect(businessMillisecondsBetween(fridayEvening, sp('2026-11-30T00:00:00'), SP)).toBe(5 * HOUR);
    expect(businessMillisecondsBetween(sp('2026-11-28T08:00:00'), sp('2026-11-29T20:00:00'), SP)).toBe(0);
    expect(businessMillisecondsBetween(sp('2026-11-23T10:00:00'), sp('2026-11-25T10:00:00'), SP)).toBe(48 * HOUR);
    expect(businessMillisecondsBetween(sp('2026-11-25T10:00:00'), sp('2026-11-23T10:00:00'), SP)).toBe(0);
    // Midnight in Tokyo is 15:00 UTC the day before: Saturday there starts on Friday afternoon in UTC.
    expect(businessMillisecondsBetween(new Date('2026-11-27T14:00:00Z'), new Date('2026-11-27T16:00:00Z'), 'Asia/Tokyo')).toBe(HOUR);
  });

  it('counts a daylight-saving day by its real length', () => {
    // New York, Monday 9 March 2026 is after the spring change (Sunday 8 March): the weekend day is short, not counted.
    expect(businessMillisecondsBetween(new Date('2026-03-06T05:00:00Z'), new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe(24 * HOUR);
    // Friday 6 March 00:00 EST to Monday 10:00 EDT: Friday's 24 hours plus Monday's 10.
    expect(businessMillisecondsBetween(new Date('2026-03-06T05:00:00Z'), new Date('2026-03-09T14:00:00Z'), 'America/New_York')).toBe(34 * HOUR);
  });

  it('the cutoff is the instant 24 business hours back: waiting since before it is late, after it is not', () => {
    const mondayEvening = sp('2026-11-30T21:00:00');
    const cutoff = overdueCutoff(mondayEvening, SP);
    // Monday gives 21 hours, Friday the last 3.
    expect(cutoff).toEqual(sp('2026-11-27T21:00:00'));
    expect(isOverdue(new Date(cutoff.getTime() - 60_000), mondayEvening, SP)).toBe(true);
    expect(isOverdue(new Date(cutoff.getTime() + 60_000), mondayEvening, SP)).toBe(false);
    expect(overdueCutoff(sp('2026-11-25T15:00:00'), SP)).toEqual(sp('2026-11-24T15:00:00'));
    // From a Sunday, the last 24 business hours are all of Friday.
    expect(overdueCutoff(sp('2026-11-29T10:00:00'), SP)).toEqual(sp('2026-11-27T00:00:00'));
  });

  it('puts late items first, the longest waiting first, and keeps the others in their order', () => {
    const now = sp('2026-11-30T21:00:00');
    const items = [
      { id: 'new', at: sp('2026-11-30T20:00:00') },
      { id: 'friday', at: sp('2026-11-27T19:00:00') },
      { id: 'today', at: sp('2026-11-30T09:00:00') },
      { id: 'wednesday', at: sp('2026-11-25T09:00:00') },
    ];
    expect(overdueFirst(items, (item) => item.at, now, SP).map((item) => item.id)).toEqual(['wednesday', 'friday', 'new', 'today']);
  });
});

describe('texts', () => {
  it('say how long an item has waited', () => {
    const now = sp('2026-11-30T21:00:00');
    expect(waitingText(sp('2026-11-30T20:59:30'), now)).toBe('Aguardando há menos de 1 minuto');
    expect(waitingText(sp('2026-11-30T20:59:00'), now)).toBe('Aguardando há 1 minuto');
    expect(waitingText(sp('2026-11-30T18:00:00'), now)).toBe('Aguardando há 3 horas');
    expect(waitingText(sp('2026-11-29T20:00:00'), now)).toBe('Aguardando há 1 dia');
    expect(waitingText(sp('2026-11-27T19:00:00'), now)).toBe('Aguardando há 3 dias');
  });

  it("sum up what waits in pt-BR, singular and plural, leaving out what is zero", () => {
    expect(pendingSummary({ signUps: 3, listings: 2, reports: 1, problems: 0 })).toBe('3 cadastros, 2 anúncios e 1 denúncia aguardando');
    expect(pendingSummary({ signUps: 1, listings: 1, reports: 2, problems: 0 })).toBe('1 cadastro, 1 anúncio e 2 denúncias aguardando');
    expect(pendingSummary({ signUps: 0, listings: 2, reports: 1, problems: 0 })).toBe('2 anúncios e 1 denúncia aguardando');
    expect(pendingSummary({ signUps: 1, listings: 0, reports: 0, problems: 0 })).toBe('1 cadastro aguardando');
    expect(pendingSummary({ signUps: 0, listings: 0, reports: 0, problems: 0 })).toBe('');
    expect(pendingSummary({ signUps: 0, listings: 1, reports: 0, problems: 2 })).toBe('1 anúncio e 2 problemas aguardando');
  });
});
