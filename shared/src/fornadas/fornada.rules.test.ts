import { describe, expect, it } from 'vitest';
import { deadlineText, fornadaLabel, instantInZone, isTakingReservations, remainingText, windowText } from './fornada.rules.ts';

const SAO_PAULO = 'America/Sao_Paulo';

describe('fornada rules', () => {
  it('reads portions left as the cards and the detail show them', () => {
    expect(remainingText(10)).toBe('Restam 10 porções');
    expect(remainingText(1)).toBe('Resta 1 porção');
    expect(remainingText(0)).toBe('Esgotado');
  });

  it('turns a wall-clock day and time into the instant, in the condominium zone and across an offset change', () => {
    expect(instantInZone('2026-11-27', '18:00', SAO_PAULO).toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(instantInZone('2026-07-03', '09:30', 'Europe/Lisbon').toISOString()).toBe('2026-07-03T08:30:00.000Z');
    expect(instantInZone('2026-01-03', '09:30', 'Europe/Lisbon').toISOString()).toBe('2026-01-03T09:30:00.000Z');
  });

  it("says the deadline as 'Encomendas até sexta às 18h', by weekday within the week", () => {
    const monday = new Date('2026-11-23T15:00:00Z');
    expect(deadlineText(new Date('2026-11-27T21:00:00Z'), monday, SAO_PAULO)).toBe('Encomendas até sexta às 18h');
    expect(deadlineText(new Date('2026-11-23T22:30:00Z'), monday, SAO_PAULO)).toBe('Encomendas até hoje às 19h30');
    expect(deadlineText(new Date('2026-11-24T21:00:00Z'), monday, SAO_PAULO)).toBe('Encomendas até amanhã às 18h');
    expect(deadlineText(new Date('2026-12-04T21:00:00Z'), monday, SAO_PAULO)).toBe('Encomendas até 04/12 às 18h');
  });

  it("names a reservation's batch by its day, 'Fornada de sábado, 12/12'", () => {
    expect(fornadaLabel('2026-12-12')).toBe('Fornada de sábado, 12/12');
    expect(fornadaLabel('2026-11-29')).toBe('Fornada de domingo, 29/11');
    expect(fornadaLabel('2027-01-04')).toBe('Fornada de segunda, 04/01');
  });

  it('says the window with its weekday and date', () => {
    expect(windowText(new Date('2026-11-28T14:00:00Z'), new Date('2026-11-28T16:00:00Z'), SAO_PAULO)).toBe('Sábado, 28/11, das 11h às 13h');
  });

  it('takes reservations until the deadline, unless closed', () => {
    const deadline = new Date('2026-11-27T21:00:00Z');
    expect(isTakingReservations({ closedAt: null, orderDeadline: deadline }, new Date('2026-11-27T20:59:59Z'))).toBe(true);
    expect(isTakingReservations({ closedAt: null, orderDeadline: deadline }, deadline)).toBe(false);
    expect(isTakingReservations({ closedAt: new Date('2026-11-26T00:00:00Z'), orderDeadline: deadline }, new Date('2026-11-26T01:00:00Z'))).toBe(false);
  });
});
