import { addDays, dayNumber, isDayOccupied, periodsOverlap, rentalPeriodError } from '@vizinhanca/shared/orders/order.rules';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.constants';
import type { DateRange } from '@vizinhanca/shared/orders/order.schema';

// The rental calendar's arithmetic, on calendar dates 'YYYY-MM-DD' (no time, no zone):
// 'today' comes from the server, in the condominium's time zone.

export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

/** How far ahead the calendar pages: a year is plenty for borrowing a drill. */
export const MONTHS_AHEAD = 12;

/** Sunday first, as Brazilian calendars print them. */
export const WEEKDAYS = [
  { short: 'D', name: 'domingo' },
  { short: 'S', name: 'segunda-feira' },
  { short: 'T', name: 'terça-feira' },
  { short: 'Q', name: 'quarta-feira' },
  { short: 'Q', name: 'quinta-feira' },
  { short: 'S', name: 'sexta-feira' },
  { short: 'S', name: 'sábado' },
] as const;

const monthNameFormatter = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function monthOf(isoDay: string): Month {
  const [year, month] = isoDay.split('-').map(Number);
  return { year: year!, month: month! };
}

export function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when a is before b. */
export function compareMonths(a: Month, b: Month): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

function monthName(month: number): string {
  return monthNameFormatter.format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** 'Novembro de 2026' */
export function monthTitle({ year, month }: Month): string {
  const name = monthName(month);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${year}`;
}

/** '25 de novembro de 2026': each day button's accessible name. */
export function dayLabel(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${day} de ${monthName(month!)} de ${year}`;
}

/** '25/11' */
export function shortDate(isoDay: string): string {
  const [, month, day] = isoDay.split('-');
  return `${day}/${month}`;
}

/** The month as weeks of seven cells, Sunday first; null pads the first and last week. */
export function monthWeeks({ year, month }: Month): (string | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= length; day++) cells.push(isoDate(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

export function isPast(isoDay: string, today: string): boolean {
  return dayNumber(isoDay) < dayNumber(today);
}

/** Past days and days another order holds cannot start or end a period. */
export function isSelectable(isoDay: string, today: string, occupied: readonly DateRange[]): boolean {
  return !isPast(isoDay, today) && !isDayOccupied(isoDay, occupied);
}

export function inRange(isoDay: string, start: string, end: string): boolean {
  const day = dayNumber(isoDay);
  return dayNumber(start) <= day && day <= dayNumber(end);
}

/**
 * Why this period cannot be ordered, or null: the shared rule (both days, 1-30 days,
 * nothing in the past) plus no day held by another order.
 */
export function periodError(start: string | null, end: string | null, today: string, occupied: readonly DateRange[]): string | null {
  const problem = rentalPeriodError(start, end, today);
  if (problem) return problem.message;
  if (occupied.some((range) => periodsOverlap({ start: start!, end: end! }, range))) return ORDER_MESSAGES.invalidPeriod;
  return null;
}

export interface PeriodSelection {
  start: string | null;
  end: string | null;
  /** The refusal of the last tap, shown until the next one. */
  error: string | null;
}

export const EMPTY_SELECTION: PeriodSelection = { start: null, end: null, error: null };

/**
 * One tap on a free day. First tap: the pickup day. Second tap: the return day
 * (the same day is a one-day rental; an earlier day starts over from there). A
 * period that crosses a held day or is longer than 30 days is refused with the
 * spec's message, and the tapped day becomes the new pickup day. A tap after a
 * full period starts a new one.
 */
export function tapDay(selection: PeriodSelection, day: string, today: string, occupied: readonly DateRange[]): PeriodSelection {
  const { start, end } = selection;
  if (!start || end) return { start: day, end: null, error: null };
  if (dayNumber(day) < dayNumber(start)) return { start: day, end: null, error: null };
  const error = periodError(start, day, today, occupied);
  if (error) return { start: day, end: null, error };
  return { start, end: day, error: null };
}

/** Keyboard moves: a day, a week, or the same day of the next or previous month (clamped). */
export function moveDay(isoDay: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(isoDay, -1);
    case 'ArrowRight':
      return addDays(isoDay, 1);
    case 'ArrowUp':
      return addDays(isoDay, -7);
    case 'ArrowDown':
      return addDays(isoDay, 7);
    case 'PageUp':
    case 'PageDown': {
      const target = addMonths(monthOf(isoDay), key === 'PageUp' ? -1 : 1);
      const day = Number(isoDay.slice(8, 10));
      const length = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
      return isoDate(target.year, target.month, Math.min(day, length));
    }
    default:
      return null;
  }
}
