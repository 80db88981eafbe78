import { describe, expect, it } from 'vitest';
import { createWantedSchema, listWantedSchema, updateWantedSchema, WANTED_MESSAGES, WANTED_TITLE_MAX_LENGTH } from './wanted.schema.ts';
import { canRenewWanted, renewedWantedExpiry, wantedDatesInThePast, wantedExpiry, wantedStatus } from './wanted.rules.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('createWantedSchema', () => {
  it('trims, fills the optional fields, and makes one date a single day', () => {
    expect(createWantedSchema.parse({ type: 'rental', title: '  Procura-se escada  ', startDate: '2026-11-28' })).toEqual({
      type: 'rental',
      title: 'Procura-se escada',
      description: '',
      startDate: '2026-11-28',
      endDate: '2026-11-28',
      maxPriceCents: null,
    });
    expect(createWantedSchema.parse({ type: 'food', title: 'Bolo', startDate: '', endDate: '', maxPriceCents: 2500 })).toMatchObject({ startDate: null, endDate: null, maxPriceCents: 2500 });
  });

  it('refuses each bad input with its pt-BR message', () => {
    const cases: [unknown, string][] = [
      [{ type: 'rental', title: '' }, WANTED_MESSAGES.titleRequired],
      [{ type: 'rental', title: '    ' }, WANTED_MESSAGES.titleRequired],
      [{ type: 'rental' }, WANTED_MESSAGES.titleRequired],
      [{ type: 'rental', title: 'x'.repeat(WANTED_TITLE_MAX_LENGTH + 1) }, WANTED_MESSAGES.titleTooLong],
      [{ title: 'Escada' }, WANTED_MESSAGES.typeRequired],
      [{ type: 'outro', title: 'Escada' }, WANTED_MESSAGES.typeRequired],
      [{ type: 'rental', title: 'Escada', maxPriceCents: 0 }, WANTED_MESSAGES.invalidMaxPrice],
      [{ type: 'rental', title: 'Escada', maxPriceCents: -1 }, WANTED_MESSAGES.invalidMaxPrice],
      [{ type: 'rental', title: 'Escada', maxPriceCents: 10.5 }, WANTED_MESSAGES.invalidMaxPrice],
      [{ type: 'rental', title: 'Escada', startDate: '28/11/2026' }, WANTED_MESSAGES.invalidDate],
      [{ type: 'rental', title: 'Escada', startDate: '2026-11-28', endDate: '2026-11-27' }, WANTED_MESSAGES.endBeforeStart],
      [{ type: 'service', title: 'Pintor', endDate: '2026-11-28' }, WANTED_MESSAGES.datesOnlyForRentals],
    ];
    for (const [input, message] of cases) expect([input, firstMessage(createWantedSchema.safeParse(input))]).toEqual([input, message]);
  });

  it('an edit carries the request and the same rules', () => {
    expect(firstMessage(updateWantedSchema.safeParse({ id: 'x', type: 'rental', title: 'Escada' }))).toBe(WANTED_MESSAGES.notFound);
    expect(firstMessage(updateWantedSchema.safeParse({ id: '00000000-0000-4000-8000-000000000000', type: 'food', title: 'Bolo', startDate: '2026-11-28' }))).toBe(
      WANTED_MESSAGES.datesOnlyForRentals,
    );
  });

  it('the list defaults to everyone\'s, newest first, 20 a page', () => {
    expect(listWantedSchema.parse({})).toEqual({ search: null, type: null, mine: false, cursor: null, limit: 20 });
    expect(listWantedSchema.parse({ search: '  escada ' }).search).toBe('escada');
  });
});

describe('wanted rules', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  const day = 86_400_000;

  it('a request lasts 14 days; a renewal adds 14 days to what is left, or to now once expired', () => {
    expect(wantedExpiry(now)).toEqual(new Date(now.getTime() + 14 * day));
    expect(renewedWantedExpiry(new Date(now.getTime() + 3 * day), now)).toEqual(new Date(now.getTime() + 17 * day));
    expect(renewedWantedExpiry(new Date(now.getTime() - 3 * day), now)).toEqual(new Date(now.getTime() + 14 * day));
  });

  it("reads 'Expirado' from its expiry on, 'Encontrado' once closed; renewable once, while open", () => {
    expect(wantedStatus({ status: 'open', expiresAt: new Date(now.getTime() + 1) }, now)).toBe('open');
    expect(wantedStatus({ status: 'open', expiresAt: now }, now)).toBe('expired');
    expect(wantedStatus({ status: 'found', expiresAt: new Date(now.getTime() + day) }, now)).toBe('found');
    expect([canRenewWanted({ status: 'open', renewals: 0 }), canRenewWanted({ status: 'open', renewals: 1 }), canRenewWanted({ status: 'found', renewals: 0 })]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('dates before today are in the past; today is not', () => {
    expect(wantedDatesInThePast({ startDate: '2026-11-22' }, '2026-11-23')).toBe(true);
    expect(wantedDatesInThePast({ startDate: '2026-11-23' }, '2026-11-23')).toBe(false);
    expect(wantedDatesInThePast({ startDate: null }, '2026-11-23')).toBe(false);
  });
});
