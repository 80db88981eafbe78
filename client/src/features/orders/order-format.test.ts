import { describe, expect, it } from 'vitest';
import { apartmentText, daysText, deliveryText, orderTitle, scheduledText } from './order-format.ts';

const listing = (type: 'rental' | 'food' | 'service') => ({ id: 'l1', title: 'Furadeira Bosch', type, imageCardUrl: null });

describe('apartmentText', () => {
  it('prefixes the apartment, or shows --- when there is none', () => {
    expect(apartmentText('A-101')).toBe('Apto A-101');
    expect(apartmentText(null)).toBe('---');
    expect(apartmentText('')).toBe('---');
  });
});

describe('daysText', () => {
  it('says dia for one day and dias otherwise', () => {
    expect(daysText(1)).toBe('1 dia');
    expect(daysText(2)).toBe('2 dias');
    expect(daysText(30)).toBe('30 dias');
  });
});

describe('scheduledText', () => {
  it('writes the instant in the condominium’s zone', () => {
    expect(scheduledText(new Date('2026-11-25T17:00:00Z'))).toBe('25/11/2026 às 14:00');
  });

  it('keeps a late 31 December in December although it is already January in UTC', () => {
    expect(scheduledText(new Date('2027-01-01T01:00:00Z'))).toBe('31/12/2026 às 22:00');
  });

  it('puts an instant just after midnight UTC on 1 March on 28 February (29 in a leap year)', () => {
    expect(scheduledText(new Date('2027-03-01T00:30:00Z'))).toBe('28/02/2027 às 21:30');
    expect(scheduledText(new Date('2028-03-01T00:30:00Z'))).toBe('29/02/2028 às 21:30');
  });
});

describe('deliveryText', () => {
  it('uses the service wording for services', () => {
    expect(deliveryText({ listing: listing('service'), deliveryMethod: 'pickup' })).toBe('No Local');
    expect(deliveryText({ listing: listing('service'), deliveryMethod: 'delivery' })).toBe('Atendimento Domiciliar');
  });

  it('uses the item wording for rentals, food and removed listings', () => {
    expect(deliveryText({ listing: listing('rental'), deliveryMethod: 'pickup' })).toBe('Retirada no local');
    expect(deliveryText({ listing: listing('food'), deliveryMethod: 'delivery' })).toBe('Entrega');
    expect(deliveryText({ listing: listing('food'), deliveryMethod: 'scheduled' })).toBe('Agendamento');
    expect(deliveryText({ listing: null, deliveryMethod: 'pickup' })).toBe('Retirada no local');
  });
});

describe('orderTitle', () => {
  it('shows the listing title, or Item removido once the listing was deleted', () => {
    expect(orderTitle({ listing: listing('rental') })).toBe('Furadeira Bosch');
    expect(orderTitle({ listing: null })).toBe('Item removido');
  });
});
