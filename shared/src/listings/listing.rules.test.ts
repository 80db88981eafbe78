import { describe, expect, it } from 'vitest';
import {
  approvedExpiry,
  availabilityLabel,
  daysLeft,
  deliveryOptionLabel,
  expiryBadge,
  expiryFromApproval,
  isExpired,
  isExpiredActive,
  isInactive,
  LISTING_TYPE_LABELS,
  listingStatusLabel,
  noticeText,
  priceUnitSuffix,
  renewedExpiry,
  splitTags,
} from './listing.rules.ts';

const at = (iso: string) => new Date(iso);

describe('expiry and renewal', () => {
  it('expires 30 days after the approval', () => {
    expect(expiryFromApproval(at('2026-11-23T15:00:00Z'))).toEqual(at('2026-12-23T15:00:00Z'));
  });

  it('renewing early adds 30 days to the current expiry', () => {
    expect(renewedExpiry(at('2026-12-01T10:00:00Z'), at('2026-11-25T10:00:00Z'))).toEqual(at('2026-12-31T10:00:00Z'));
  });

  it('renewing an expired listing counts 30 days from now', () => {
    expect(renewedExpiry(at('2026-11-01T10:00:00Z'), at('2026-11-25T10:00:00Z'))).toEqual(at('2026-12-25T10:00:00Z'));
    expect(renewedExpiry(null, at('2026-11-25T10:00:00Z'))).toEqual(at('2026-12-25T10:00:00Z'));
  });

  it('re-approval keeps a later expiry (a renewal before the edit), otherwise 30 days from the approval', () => {
    expect(approvedExpiry(at('2027-01-22T15:00:00Z'), at('2026-11-23T15:00:00Z'))).toEqual(at('2027-01-22T15:00:00Z'));
    expect(approvedExpiry(at('2026-11-30T15:00:00Z'), at('2026-11-23T15:00:00Z'))).toEqual(at('2026-12-23T15:00:00Z'));
    expect(approvedExpiry(null, at('2026-11-23T15:00:00Z'))).toEqual(at('2026-12-23T15:00:00Z'));
  });

  it("counts as 'Inativos' what was published and is not visible now; an expired active listing reads 'Expirado'", () => {
    const now = at('2026-11-23T15:00:00Z');
    const past = at('2026-11-18T15:00:00Z');
    const future = at('2026-12-18T15:00:00Z');
    expect(isInactive('pending', null, now)).toBe(false);
    expect(isInactive('rejected', null, now)).toBe(false);
    expect(isInactive('active', future, now)).toBe(false);
    expect(isInactive('active', past, now)).toBe(true);
    expect(isInactive('inactive', future, now)).toBe(true);
    expect(isInactive('paused', future, now)).toBe(true);
    expect(isExpiredActive('active', past, now)).toBe(true);
    expect(isExpiredActive('active', future, now)).toBe(false);
    expect(isExpiredActive('inactive', past, now)).toBe(false);
  });

  it('is expired from the expiry instant on', () => {
    expect(isExpired(at('2026-11-25T10:00:00Z'), at('2026-11-25T09:59:59Z'))).toBe(false);
    expect(isExpired(at('2026-11-25T10:00:00Z'), at('2026-11-25T10:00:00Z'))).toBe(true);
    expect(isExpired(null)).toBe(false);
  });
});

describe('days left and badges', () => {
  it('counts calendar days in the condominium time zone', () => {
    // 23:30 in São Paulo on the 22nd; expiry at 01:00 São Paulo on the 24th.
    const now = at('2026-11-23T02:30:00Z');
    expect(daysLeft(at('2026-11-24T04:00:00Z'), now, 'America/Sao_Paulo')).toBe(2);
    expect(daysLeft(at('2026-11-24T04:00:00Z'), now, 'UTC')).toBe(1);
  });

  it("shows 'Expirado' once past expiry", () => {
    expect(expiryBadge(at('2026-11-20T10:00:00Z'), at('2026-11-25T10:00:00Z'))).toEqual({ kind: 'expired', label: 'Expirado' });
  });

  it('shows the days left when 7 days or fewer remain, nothing before', () => {
    const now = at('2026-11-23T15:00:00Z');
    expect(expiryBadge(at('2026-12-01T15:00:00Z'), now)).toBeNull();
    expect(expiryBadge(at('2026-11-30T15:00:00Z'), now)).toEqual({ kind: 'expiring', label: '7 dias restantes', daysLeft: 7 });
    expect(expiryBadge(at('2026-11-24T15:00:00Z'), now)).toEqual({ kind: 'expiring', label: '1 dia restante', daysLeft: 1 });
    expect(expiryBadge(at('2026-11-23T20:00:00Z'), now)).toEqual({ kind: 'expiring', label: 'Expira hoje', daysLeft: 0 });
    expect(expiryBadge(null, now)).toBeNull();
  });
});

describe('labels', () => {
  it('suffixes prices by unit', () => {
    expect(priceUnitSuffix('day')).toBe('/dia');
    expect(priceUnitSuffix('unit')).toBe('/unidade');
    expect(priceUnitSuffix('hour')).toBe('/hora');
    expect(priceUnitSuffix('service')).toBe('/serviço');
  });

  it('names types and statuses in pt-BR', () => {
    expect(LISTING_TYPE_LABELS).toEqual({ rental: 'Aluguel', food: 'Comida', service: 'Serviço' });
    expect(listingStatusLabel('active')).toBe('Ativo');
    expect(listingStatusLabel('pending')).toBe('Pendente');
    expect(listingStatusLabel('inactive', 'owner')).toBe('Pausado');
    expect(listingStatusLabel('paused', 'admin')).toBe('Pausado pela administração');
    expect(listingStatusLabel('rejected')).toBe('Rejeitado');
  });

  it('gives the card availability badge per type', () => {
    expect(availabilityLabel('rental', 'active')).toBe('Disponível');
    expect(availabilityLabel('rental', 'paused')).toBe('Alugado');
    expect(availabilityLabel('food', 'inactive')).toBe('Esgotado');
    expect(availabilityLabel('service', 'paused')).toBe('Indisponível');
  });

  it('uses the service delivery labels of the spec', () => {
    expect(deliveryOptionLabel('service', 'pickup')).toBe('No Local');
    expect(deliveryOptionLabel('service', 'delivery')).toBe('Atendimento Domiciliar');
    expect(deliveryOptionLabel('service', 'scheduled')).toBe('Agendamento');
    expect(deliveryOptionLabel('food', 'delivery')).toBe('Entrega');
  });
});

describe('notice text', () => {
  it('reads in days from 24 hours, otherwise in hours', () => {
    expect(noticeText(1)).toBe('1 hora');
    expect(noticeText(12)).toBe('12 horas');
    expect(noticeText(24)).toBe('1 dia');
    expect(noticeText(48)).toBe('2 dias');
    expect(noticeText(168)).toBe('7 dias');
    expect(noticeText(36)).toBe('1 dia e 12 horas');
  });
});

describe('tags', () => {
  it('splits the category field by commas', () => {
    expect(splitTags(' bolo, doce ,, festa ')).toEqual(['bolo', 'doce', 'festa']);
    expect(splitTags('')).toEqual([]);
  });
});
