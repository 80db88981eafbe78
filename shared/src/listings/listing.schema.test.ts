import { describe, expect, it } from 'vitest';
import {
  createListingSchema,
  LISTING_MESSAGES,
  listListingsSchema,
  MINIMUM_NOTICE_DEFAULT_HOURS,
  priceTextSchema,
  TITLE_MAX_LENGTH,
  updateListingSchema,
} from './listing.schema.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

const rental = { type: 'rental', title: 'Furadeira Bosch', description: 'Com maleta e brocas', priceCents: 1500 } as const;

describe('createListingSchema', () => {
  it('accepts a rental and fills the defaults (pickup, per day, no tags)', () => {
    expect(createListingSchema.parse({ ...rental, title: '  Furadeira Bosch  ' })).toEqual({
      type: 'rental',
      title: 'Furadeira Bosch',
      description: 'Com maleta e brocas',
      priceCents: 1500,
      priceUnit: 'day',
      tags: [],
      deliveryOptions: ['pickup'],
      imageIds: [],
      requiresAdvanceOrder: false,
      minimumNoticeHours: null,
      maxPortions: null,
      pickupFrom: null,
      pickupUntil: null,
      wantedRequestId: null,
      depositCents: 0,
    });
  });

  it('asks for the required fields', () => {
    expect(firstMessage(createListingSchema.safeParse({ ...rental, title: '   ' }))).toBe(LISTING_MESSAGES.requiredFields);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, description: '' }))).toBe(LISTING_MESSAGES.requiredFields);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, priceCents: undefined }))).toBe(LISTING_MESSAGES.requiredFields);
    expect(firstMessage(createListingSchema.safeParse({ title: 'x', description: 'y', priceCents: 1 }))).toBe(LISTING_MESSAGES.typeRequired);
  });

  it('refuses a price that is not more than zero', () => {
    for (const priceCents of [0, -100, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 10_000_001]) {
      expect(firstMessage(createListingSchema.safeParse({ ...rental, priceCents }))).toBe(LISTING_MESSAGES.invalidPrice);
    }
  });

  it('needs at least one delivery option, kept in order without repeats', () => {
    expect(firstMessage(createListingSchema.safeParse({ ...rental, deliveryOptions: [] }))).toBe(LISTING_MESSAGES.deliveryRequired);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, deliveryOptions: ['teleporte'] }))).toBe(LISTING_MESSAGES.deliveryRequired);
    expect(createListingSchema.parse({ ...rental, deliveryOptions: ['scheduled', 'pickup', 'scheduled'] }).deliveryOptions).toEqual(['pickup', 'scheduled']);
  });

  it('limits title, description and tags', () => {
    expect(firstMessage(createListingSchema.safeParse({ ...rental, title: 'x'.repeat(TITLE_MAX_LENGTH + 1) }))).toBe(LISTING_MESSAGES.titleTooLong);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, description: 'x'.repeat(2001) }))).toBe(LISTING_MESSAGES.descriptionTooLong);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }))).toBe(LISTING_MESSAGES.tooManyTags);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, tags: ['x'.repeat(31)] }))).toBe(LISTING_MESSAGES.tagTooLong);
    expect(createListingSchema.parse({ ...rental, tags: [' Ferramentas ', 'ferramentas', '', 'Obra'] }).tags).toEqual(['Ferramentas', 'Obra']);
  });

  it('keeps the minimum notice only for food with advance order, falling back to 24 h', () => {
    const food = { ...rental, type: 'food' } as const;
    expect(createListingSchema.parse({ ...food, requiresAdvanceOrder: true, minimumNoticeHours: 48 })).toMatchObject({ priceUnit: 'unit', requiresAdvanceOrder: true, minimumNoticeHours: 48 });
    for (const minimumNoticeHours of [undefined, null, '', 0, -3, 1.5, 'abc', Number.NaN]) {
      expect(createListingSchema.parse({ ...food, requiresAdvanceOrder: true, minimumNoticeHours }).minimumNoticeHours).toBe(MINIMUM_NOTICE_DEFAULT_HOURS);
    }
    expect(createListingSchema.parse({ ...food, requiresAdvanceOrder: true, minimumNoticeHours: '72' }).minimumNoticeHours).toBe(72);
    expect(createListingSchema.parse({ ...food, requiresAdvanceOrder: false, minimumNoticeHours: 48 }).minimumNoticeHours).toBeNull();
    expect(firstMessage(createListingSchema.safeParse({ ...food, requiresAdvanceOrder: true, minimumNoticeHours: 721 }))).toBe(LISTING_MESSAGES.noticeTooLong);
    // Food-only fields sent with another type are ignored.
    expect(createListingSchema.parse({ ...rental, requiresAdvanceOrder: true, minimumNoticeHours: 48 })).toMatchObject({ requiresAdvanceOrder: false, minimumNoticeHours: null });
  });

  it('lets services choose per hour or per service (default per service)', () => {
    const service = { ...rental, type: 'service' } as const;
    expect(createListingSchema.parse(service).priceUnit).toBe('service');
    expect(createListingSchema.parse({ ...service, priceUnit: 'hour' }).priceUnit).toBe('hour');
    expect(createListingSchema.safeParse({ ...service, priceUnit: 'day' }).success).toBe(false);
  });
});

describe('photos', () => {
  const ids = Array.from({ length: 6 }, (_, index) => `b3c1e7a2-5d4f-4e6a-8b9c-0d1e2f3a4b5${index}`);

  it('keeps up to 5 photos in the order given', () => {
    const five = ids.slice(0, 5);
    expect(createListingSchema.parse({ ...rental, imageIds: five }).imageIds).toEqual(five);
    expect(createListingSchema.parse({ ...rental, imageIds: [...five].reverse() }).imageIds).toEqual([...five].reverse());
  });

  it('refuses a sixth photo, the same photo twice and an id that is not an upload', () => {
    expect(firstMessage(createListingSchema.safeParse({ ...rental, imageIds: ids }))).toBe('Um anúncio pode ter no máximo 5 fotos');
    expect(firstMessage(createListingSchema.safeParse({ ...rental, imageIds: [ids[0], ids[0]] }))).toBe(LISTING_MESSAGES.repeatedPhoto);
    expect(firstMessage(createListingSchema.safeParse({ ...rental, imageIds: ['foto.jpg'] }))).toBe(LISTING_MESSAGES.invalidPhoto);
  });
});

describe('updateListingSchema', () => {
  it('is the create form plus the id', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(updateListingSchema.parse({ ...rental, id })).toMatchObject({ id, fields: { title: 'Furadeira Bosch', priceUnit: 'day' } });
    expect(firstMessage(updateListingSchema.safeParse({ ...rental, id: 'x' }))).toBe(LISTING_MESSAGES.notFound);
  });
});

describe('priceTextSchema', () => {
  it('reads the form field into cents', () => {
    expect(priceTextSchema.parse('12,50')).toBe(1250);
    expect(priceTextSchema.parse('R$ 1.234,56')).toBe(123456);
    expect(firstMessage(priceTextSchema.safeParse(''))).toBe(LISTING_MESSAGES.requiredFields);
    expect(firstMessage(priceTextSchema.safeParse('abc'))).toBe(LISTING_MESSAGES.invalidPrice);
    expect(firstMessage(priceTextSchema.safeParse('0,00'))).toBe(LISTING_MESSAGES.invalidPrice);
  });
});

describe('listListingsSchema', () => {
  it('accepts the chips of each type only', () => {
    expect(listListingsSchema.parse({ type: 'food', filter: 'advance' })).toMatchObject({ type: 'food', filter: 'advance', cursor: null, limit: 20, search: null });
    expect(listListingsSchema.parse({ type: 'rental', filter: 'available' }).filter).toBe('available');
    expect(firstMessage(listListingsSchema.safeParse({ type: 'rental', filter: 'ready' }))).toBe(LISTING_MESSAGES.invalidFilter);
    expect(firstMessage(listListingsSchema.safeParse({ type: 'food', filter: 'available' }))).toBe(LISTING_MESSAGES.invalidFilter);
  });

  it('trims the search and treats blank as none', () => {
    expect(listListingsSchema.parse({ type: 'food', search: '  bolo ' }).search).toBe('bolo');
    expect(listListingsSchema.parse({ type: 'food', search: '   ' }).search).toBeNull();
    expect(firstMessage(listListingsSchema.safeParse({ type: 'food', search: 'x'.repeat(101) }))).toBe(LISTING_MESSAGES.searchTooLong);
  });
});
