import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, type ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { DEPOSIT_MESSAGES } from '@vizinhanca/shared/deposits/deposit.constants';
import {
  centsToPriceText,
  EMPTY_LISTING_FORM,
  firstError,
  formValuesFromListing,
  sanitizePriceText,
  stepPriceText,
  tidyPriceText,
  toFormErrors,
  validateListingForm,
  type ListingFormValues,
} from './listing-form-values.ts';

const IMAGE_ID = '6f1c2a4e-0b1d-4c8e-9a57-3d2f1e0c9b8a';

const filled: ListingFormValues = {
  ...EMPTY_LISTING_FORM,
  title: 'Furadeira Bosch',
  description: 'Com maleta e brocas.',
  price: '12,50',
  tags: 'ferramenta, obra',
};

function managed(overrides: Partial<ManagedListing> = {}): ManagedListing {
  const at = new Date('2026-11-23T15:00:00Z');
  return {
    id: 'b3c1e7a2-5d4f-4e6a-8b9c-0d1e2f3a4b5c',
    type: 'service',
    title: 'Aula de violão',
    description: 'Para iniciantes.',
    priceCents: 8000,
    priceUnit: 'hour',
    imageCardUrl: null,
    imageDetailUrl: null,
    tags: ['música', 'aula'],
    deliveryOptions: ['pickup', 'delivery'],
    requiresAdvanceOrder: false,
    minimumNoticeHours: null,
    maxPortions: null,
    pickupWindow: null,
    depositCents: 0,
    owner: { id: 'u1', fullName: 'Ana Beatriz Souza', apartment: 'A-101', phone: null, avatarUrl: null },
    photos: [],
    status: 'active',
    pausedBy: null,
    rejectionReason: null,
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
    expiresAt: new Date('2026-12-23T15:00:00Z'),
    ...overrides,
  };
}

describe('price text', () => {
  it('shows cents as pt-BR money without the currency sign', () => {
    expect(centsToPriceText(1250)).toBe('12,50');
    expect(centsToPriceText(5)).toBe('0,05');
    expect(centsToPriceText(123456)).toBe('1.234,56');
    expect(centsToPriceText(10_000_000)).toBe('100.000,00');
  });

  it('tidies what was typed once the field is left', () => {
    expect(tidyPriceText('25')).toBe('25,00');
    expect(tidyPriceText('12.5')).toBe('12,50');
    expect(tidyPriceText('1234,5')).toBe('1.234,50');
    expect(tidyPriceText('R$ 0,10')).toBe('0,10');
  });

  it('leaves unreadable or zero prices as typed, for the validation to name', () => {
    expect(tidyPriceText('12,345')).toBe('12,345');
    expect(tidyPriceText('abc')).toBe('abc');
    expect(tidyPriceText('0')).toBe('0');
    expect(tidyPriceText('')).toBe('');
  });

  it('steps by one cent, carrying into reais and thousands, never below zero', () => {
    expect(stepPriceText('12,50', 1)).toBe('12,51');
    expect(stepPriceText('9,99', 1)).toBe('10,00');
    expect(stepPriceText('999,99', 1)).toBe('1.000,00');
    expect(stepPriceText('0,01', -1)).toBe('0,00');
    expect(stepPriceText('0,00', -1)).toBe('0,00');
    expect(stepPriceText('', 1)).toBe('0,01');
  });

  it('keeps only digits and separators', () => {
    expect(sanitizePriceText('R$ 12,50')).toBe('12,50');
    expect(sanitizePriceText('-5a.0')).toBe('5.0');
  });
});

describe('formValuesFromListing', () => {
  it('turns a listing into what the inputs hold', () => {
    expect(formValuesFromListing(managed())).toEqual({
      title: 'Aula de violão',
      description: 'Para iniciantes.',
      price: '80,00',
      priceUnit: 'hour',
      tags: 'música, aula',
      deliveryOptions: ['pickup', 'delivery'],
      requiresAdvanceOrder: false,
      minimumNoticeHours: '24',
      maxPortions: '',
      pickupFrom: '',
      pickupUntil: '',
      deposit: '',
    });
  });

  it("shows ready food's pickup window for editing", () => {
    const values = formValuesFromListing(managed({ type: 'food', priceUnit: 'unit', pickupWindow: { from: '17:00', until: '20:00' } }));
    expect(values).toMatchObject({ pickupFrom: '17:00', pickupUntil: '20:00' });
  });

  it('falls back to per service, pickup and 24 hours', () => {
    const values = formValuesFromListing(managed({ type: 'rental', priceUnit: 'day', deliveryOptions: [] }));
    expect(values.priceUnit).toBe('service');
    expect(values.deliveryOptions).toEqual(['pickup']);
    expect(values.minimumNoticeHours).toBe('24');
  });

  it('keeps a food listing’s own notice', () => {
    const values = formValuesFromListing(managed({ type: 'food', priceUnit: 'unit', requiresAdvanceOrder: true, minimumNoticeHours: 48 }));
    expect(values.requiresAdvanceOrder).toBe(true);
    expect(values.minimumNoticeHours).toBe('48');
  });
});

describe('errors from the API', () => {
  it('maps API paths to the inputs, keeping the first message of each', () => {
    expect(
      toFormErrors({
        priceCents: 'preço',
        'tags.2': 'categoria longa',
        'tags.3': 'outra categoria',
        'imageIds.1': 'imagem',
        title: '',
        somethingElse: 'ignorado',
      }),
    ).toEqual({ price: 'preço', tags: 'categoria longa', image: 'imagem' });
  });

  it('picks the first error in screen order, not in insertion order', () => {
    expect(firstError({ deliveryOptions: 'entrega', title: 'título' })).toBe('título');
    expect(firstError({ minimumNoticeHours: 'antecedência', image: 'imagem' })).toBe('imagem');
    expect(firstError({})).toBeUndefined();
  });
});

describe('validateListingForm', () => {
  it("sends ready food's pickup window, and names the end that is missing or before the start", () => {
    const sent = validateListingForm('food', { ...filled, pickupFrom: '17:00', pickupUntil: '20:00' }, []);
    expect(sent.ok && sent.input).toMatchObject({ pickupWindow: { from: '17:00', until: '20:00' } });
    expect(validateListingForm('food', { ...filled, pickupFrom: '17:00' }, [])).toMatchObject({
      ok: false,
      errors: { pickupUntil: 'Informe o início e o fim do horário de retirada' },
    });
    expect(validateListingForm('food', { ...filled, pickupUntil: '17:00' }, [])).toMatchObject({ ok: false, errors: { pickupFrom: 'Informe o início e o fim do horário de retirada' } });
    expect(validateListingForm('food', { ...filled, pickupFrom: '20:00', pickupUntil: '17:00' }, [])).toMatchObject({
      ok: false,
      errors: { pickupUntil: 'O horário de retirada deve terminar depois de começar' },
    });
  });

  it('sends the photos in order and refuses a sixth, on the photos field', () => {
    const ids = Array.from({ length: 6 }, (_, index) => `b3c1e7a2-5d4f-4e6a-8b9c-0d1e2f3a4b5${index}`);
    const five = validateListingForm('rental', filled, ids.slice(0, 5));
    expect(five.ok && five.input.imageIds).toEqual(ids.slice(0, 5));
    expect(validateListingForm('rental', filled, ids)).toEqual({
      ok: false,
      errors: { image: 'Um anúncio pode ter no máximo 5 fotos' },
      message: 'Um anúncio pode ter no máximo 5 fotos',
    });
  });


  it('accepts a filled rental and sends the price in cents and the tags split', () => {
    const result = validateListingForm('rental', filled, [IMAGE_ID]);
    expect(result).toEqual({
      ok: true,
      input: {
        type: 'rental',
        title: 'Furadeira Bosch',
        description: 'Com maleta e brocas.',
        priceCents: 1250,
        tags: ['ferramenta', 'obra'],
        deliveryOptions: ['pickup'],
        imageIds: [IMAGE_ID],
        depositCents: 0,
      },
    });
  });

  it('sends the unit for services and the notice for advance-order food only', () => {
    const service = validateListingForm('service', { ...filled, priceUnit: 'hour' }, []);
    expect(service.ok && service.input).toMatchObject({ type: 'service', priceUnit: 'hour' });
    const ready = validateListingForm('food', { ...filled, requiresAdvanceOrder: false, minimumNoticeHours: '48' }, []);
    expect(ready.ok && ready.input).toMatchObject({ type: 'food', requiresAdvanceOrder: false, minimumNoticeHours: null });
    const advance = validateListingForm('food', { ...filled, requiresAdvanceOrder: true, minimumNoticeHours: '48' }, []);
    expect(advance.ok && advance.input).toMatchObject({ requiresAdvanceOrder: true, minimumNoticeHours: '48' });
  });

  it('asks for the required fields with the spec message', () => {
    const result = validateListingForm('rental', { ...filled, title: '   ', price: '' }, []);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ title: LISTING_MESSAGES.requiredFields, price: LISTING_MESSAGES.requiredFields });
    expect(result.message).toBe('Preencha todos os campos obrigatórios');
  });

  it('refuses a zero, malformed or absurd price once, on the price field', () => {
    for (const price of ['0', '0,00', '12,345', 'doze', '100.000,01']) {
      const result = validateListingForm('rental', { ...filled, price }, []);
      expect(result, price).toEqual({ ok: false, errors: { price: 'Insira um preço válido' }, message: 'Insira um preço válido' });
    }
    expect(validateListingForm('rental', { ...filled, price: '100.000,00' }, []).ok).toBe(true);
    expect(validateListingForm('rental', { ...filled, price: '0,01' }, []).ok).toBe(true);
  });

  it('needs at least one delivery option', () => {
    const result = validateListingForm('food', { ...filled, deliveryOptions: [] }, []);
    expect(result).toMatchObject({ ok: false, errors: { deliveryOptions: 'Selecione pelo menos uma opção de entrega' } });
  });

  it('caps the tags and the notice', () => {
    const tags = validateListingForm('rental', { ...filled, tags: 'a, b, c, d, e, f' }, []);
    expect(tags).toMatchObject({ ok: false, errors: { tags: LISTING_MESSAGES.tooManyTags } });
    const notice = validateListingForm('food', { ...filled, requiresAdvanceOrder: true, minimumNoticeHours: '721' }, []);
    expect(notice).toMatchObject({ ok: false, errors: { minimumNoticeHours: LISTING_MESSAGES.noticeTooLong } });
    expect(validateListingForm('food', { ...filled, requiresAdvanceOrder: true, minimumNoticeHours: '720' }, []).ok).toBe(true);
  });

  it('shows the first error in screen order as the toast', () => {
    const result = validateListingForm('rental', { ...filled, deliveryOptions: [], description: '' }, []);
    expect(result).toMatchObject({ ok: false, message: LISTING_MESSAGES.requiredFields });
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['deliveryOptions', 'description']);
  });
});

describe("a rental's deposit (caução) in the form", () => {
  it('sends none when empty, the amount in cents when typed, and refuses more than R$ 5.000,00 with the shared message', () => {
    const none = validateListingForm('rental', filled, [IMAGE_ID]);
    expect(none.ok && none.input).toMatchObject({ type: 'rental', depositCents: 0 });
    const asked = validateListingForm('rental', { ...filled, deposit: '200' }, [IMAGE_ID]);
    expect(asked.ok && asked.input).toMatchObject({ depositCents: 20_000 });
    const tooMuch = validateListingForm('rental', { ...filled, deposit: '5.000,01' }, [IMAGE_ID]);
    expect(tooMuch).toMatchObject({ ok: false, errors: { deposit: DEPOSIT_MESSAGES.invalidAmount }, message: DEPOSIT_MESSAGES.invalidAmount });
  });

  it('shows a listing’s deposit for editing, and no field value for none', () => {
    expect(formValuesFromListing(managed({ type: 'rental', priceUnit: 'day', depositCents: 20_000 })).deposit).toBe('200,00');
    expect(formValuesFromListing(managed({ type: 'rental', priceUnit: 'day', depositCents: 0 })).deposit).toBe('');
  });
});

