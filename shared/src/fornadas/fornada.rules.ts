// Fornadas (batches of home food): the pure rules and words the detail, the cards, the
// seller's list and the server share. No Zod here: the food cards import it.

/** Portions a batch may offer. */
export const FORNADA_PORTIONS_MIN = 1;
export const FORNADA_PORTIONS_MAX = 999;

/** The food cards ask for their batches this many dishes at a time. */
export const FORNADA_CARDS_MAX = 50;

/** 'Restam N porções', 'Resta 1 porção' and, at zero, 'Esgotado'. */
export function remainingText(remaining: number): string {
  if (remaining <= 0) return 'Esgotado';
  return remaining === 1 ? 'Resta 1 porção' : `Restam ${remaining} porções`;
}

/** '3 porções', '1 porção'. */
export function portionsText(portions: number): string {
  return portions === 1 ? '1 porção' : `${portions} porções`;
}

/** The wall-clock parts ('YYYY-MM-DD', 'HH:MM') of an instant in a time zone. */
export function localParts(at: Date, timeZone: string): { day: string; time: string; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  return { day, time: `${get('hour')}:${get('minute')}`, weekday: new Date(`${day}T12:00:00Z`).getUTCDay() };
}

/** The instant a wall-clock day and time ('YYYY-MM-DD', 'HH:MM') name in a time zone. */
export function instantInZone(day: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  // The zone's offset at a guess, then at the corrected instant (a change of offset between the two moves it once more).
  const offsetAt = (instant: number) => {
    const local = localParts(new Date(instant), timeZone);
    return Date.parse(`${local.day}T${local.time}:00Z`) - Math.floor(instant / 60_000) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

/** '18h', '18h30'. */
export function hourText(time: string): string {
  const [hour, minute] = time.split(':');
  return `${Number(hour)}h${minute === '00' ? '' : minute}`;
}

/** 'sexta', or '12/12' when the day is a week or more away (a weekday would be ambiguous). */
function dayWord(day: string, weekday: number, today: string): string {
  if (day === today) return 'hoje';
  const daysAway = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  if (daysAway === 1) return 'amanhã';
  if (daysAway > 1 && daysAway < 7) return WEEKDAYS[weekday]!;
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/** 'Encomendas até sexta às 18h'. */
export function deadlineText(deadline: Date, now: Date, timeZone: string): string {
  const local = localParts(deadline, timeZone);
  const today = localParts(now, timeZone).day;
  return `Encomendas até ${dayWord(local.day, local.weekday, today)} às ${hourText(local.time)}`;
}

/** 'Sábado, 12/12, das 11h às 13h'. */
export function windowText(startsAt: Date, endsAt: Date, timeZone: string): string {
  const start = localParts(startsAt, timeZone);
  const end = localParts(endsAt, timeZone);
  const [, month, date] = start.day.split('-');
  const weekday = WEEKDAYS[start.weekday]!;
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${date}/${month}, das ${hourText(start.time)} às ${hourText(end.time)}`;
}

/** Which batch a reservation belongs to, by its day: 'Fornada de sábado, 12/12'. */
export function fornadaLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `Fornada de ${WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]}, ${date}/${month}`;
}

/** Whether a batch still takes reservations at this instant (the database refuses the others too). */
export function isTakingReservations(fornada: { closedAt: Date | null; orderDeadline: Date }, now: Date): boolean {
  return fornada.closedAt === null && now.getTime() < fornada.orderDeadline.getTime();
}
