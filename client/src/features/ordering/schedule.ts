import { formatDate, todayInTimeZone, formatTime, getCondoTimeZone } from '@vizinhanca/shared/format/format';

// Date and time fields are the condominium's wall clock, whatever the phone's zone is
// (docs/product.md: times are the condominium's).

/** Milliseconds east of UTC of a zone at an instant (-3 h for São Paulo). */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** '2026-11-27' + '14:30' in the condominium -> the instant; null when either is not a real value. */
export function zonedDateTime(date: string, time: string, timeZone = getCondoTimeZone()): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1).map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Twice: the offset at the first guess may differ across a daylight-saving change.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** The date part of an instant in the condominium ('YYYY-MM-DD'), for the date field's min. */
export function zonedDay(instant: Date, timeZone = getCondoTimeZone()): string {
  return todayInTimeZone(timeZone, instant);
}


/** '27/11/2026 às 14:30', in the condominium's time zone. */
export function formatDateAndTime(date: Date): string {
  return `${formatDate(date)} às ${formatTime(date)}`;
}
