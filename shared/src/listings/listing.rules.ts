import { getCondoTimeZone, todayInTimeZone } from '../format/format.ts';
import type { DeliveryOption, ListingStatus, ListingType, PausedBy, PriceUnit } from './listing.schema.ts';

// Pure listing rules shared by the screens and the server (docs/product.md §10.6-2.14, 9; docs/product.md).

export const LISTING_VALIDITY_DAYS = 30;
/** The days-left badge appears when this many days or fewer remain. */
export const EXPIRY_WARNING_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** expires_at = publication (the admin's approval) + 30 days. */
export function expiryFromApproval(approvedAt: Date): Date {
  return new Date(approvedAt.getTime() + LISTING_VALIDITY_DAYS * DAY_MS);
}

/** Approval, and re-approval after an edit: the later of the current expiry and approval + 30 days. */
export function approvedExpiry(currentExpiresAt: Date | null, approvedAt: Date): Date {
  const fresh = expiryFromApproval(approvedAt);
  return currentExpiresAt && currentExpiresAt.getTime() > fresh.getTime() ? currentExpiresAt : fresh;
}

/** Renewal: max(now, expires_at) + 30 days, so renewing early never loses days and renewing late starts today. */
export function renewedExpiry(expiresAt: Date | null, now: Date): Date {
  const base = expiresAt && expiresAt.getTime() > now.getTime() ? expiresAt : now;
  return new Date(base.getTime() + LISTING_VALIDITY_DAYS * DAY_MS);
}

export function isExpired(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** 'Inativos' on /anuncios: published once and not visible now (paused by anyone, or expired). */
export function isInactive(status: ListingStatus, expiresAt: Date | null, now: Date): boolean {
  if (status === 'inactive' || status === 'paused') return true;
  return status === 'active' && isExpired(expiresAt, now);
}

/** An active listing past its expiry reads 'Expirado' (not 'Ativo'), with 'Renovar' first. */
export function isExpiredActive(status: ListingStatus, expiresAt: Date | null, now: Date = new Date()): boolean {
  return status === 'active' && isExpired(expiresAt, now);
}

function calendarDayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!) / DAY_MS;
}

/**
 * Calendar days from today to the expiry day, in the condominium's time zone
 * (0 = expires today). Negative once the expiry day is past.
 */
export function daysLeft(expiresAt: Date, now: Date = new Date(), timeZone = getCondoTimeZone()): number {
  return calendarDayNumber(todayInTimeZone(timeZone, expiresAt)) - calendarDayNumber(todayInTimeZone(timeZone, now));
}

export type ExpiryBadge = { kind: 'expired'; label: 'Expirado' } | { kind: 'expiring'; label: string; daysLeft: number };

/** 'Expirado' once past expiry; a days-left badge when 7 days or fewer remain; nothing otherwise. */
export function expiryBadge(expiresAt: Date | null, now: Date = new Date(), timeZone = getCondoTimeZone()): ExpiryBadge | null {
  if (!expiresAt) return null;
  if (isExpired(expiresAt, now)) return { kind: 'expired', label: 'Expirado' };
  const days = daysLeft(expiresAt, now, timeZone);
  if (days > EXPIRY_WARNING_DAYS) return null;
  const label = days <= 0 ? 'Expira hoje' : days === 1 ? '1 dia restante' : `${days} dias restantes`;
  return { kind: 'expiring', label, daysLeft: Math.max(days, 0) };
}

export const PRICE_UNIT_SUFFIXES: Record<PriceUnit, string> = {
  day: '/dia',
  unit: '/unidade',
  hour: '/hora',
  service: '/serviço',
};

export function priceUnitSuffix(unit: PriceUnit): string {
  return PRICE_UNIT_SUFFIXES[unit];
}

export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  rental: 'Aluguel',
  food: 'Comida',
  service: 'Serviço',
};

/** The owner's 'Pausar' shows 'Pausado' (docs/product.md); what the administration paused says so. */
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  pending: 'Pendente',
  active: 'Ativo',
  paused: 'Pausado',
  inactive: 'Pausado',
  rejected: 'Rejeitado',
};

export function listingStatusLabel(status: ListingStatus, pausedBy: PausedBy | null = null): string {
  if (status === 'paused' && pausedBy === 'admin') return 'Pausado pela administração';
  if (status === 'paused' && pausedBy === 'billing') return 'Pausado por cobrança';
  return LISTING_STATUS_LABELS[status];
}

/** The card badge (docs/product.md §10.6): 'Disponível' when active, otherwise a word per type. */
export function availabilityLabel(type: ListingType, status: ListingStatus): string {
  if (status === 'active') return 'Disponível';
  return { rental: 'Alugado', food: 'Esgotado', service: 'Indisponível' }[type];
}

/** Delivery labels; the service wording is the product's (docs/product.md §10.7). */
export function deliveryOptionLabel(type: ListingType, option: DeliveryOption): string {
  if (type === 'service') return { pickup: 'No Local', delivery: 'Atendimento Domiciliar', scheduled: 'Agendamento' }[option];
  return { pickup: 'Retirada no local', delivery: 'Entrega', scheduled: 'Agendamento' }[option];
}

/** Minimum notice: in days from 24 h ('2 dias', '1 dia e 12 horas'), otherwise in hours ('12 horas'). */
export function noticeText(hours: number): string {
  const hoursText = (n: number) => `${n} ${n === 1 ? 'hora' : 'horas'}`;
  if (hours < 24) return hoursText(hours);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const daysText = `${days} ${days === 1 ? 'dia' : 'dias'}`;
  return rest ? `${daysText} e ${hoursText(rest)}` : daysText;
}

/** The earliest moment an advance order can be scheduled for. */
export function earliestOrderTime(minimumNoticeHours: number, now: Date = new Date()): Date {
  return new Date(now.getTime() + minimumNoticeHours * 60 * 60 * 1000);
}

/** The form's single category field 'bolo, doce, festa' -> ['bolo', 'doce', 'festa']. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}
