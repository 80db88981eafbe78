// 'Procura-se' rules both the form and the server apply: validity, renewal, what a request
// reads as now, and the dates a rental request may ask for. No Zod here (the list's cards use it).

/** A request stays in the list for 14 days from publication (spec 'Procura-se'). */
export const WANTED_VALIDITY_DAYS = 14;
/** The search's section of requests ('Procura-se' in /busca). */
export const WANTED_SEARCH_LIMIT = 5;
/** The author may renew a request once. */
export const WANTED_RENEWALS_MAX = 1;

const DAY_MS = 86_400_000;

export const WANTED_STATUSES = ['open', 'expired', 'found'] as const;
export type WantedStatus = (typeof WANTED_STATUSES)[number];

export const WANTED_STATUS_LABELS: Record<WantedStatus, string> = {
  open: 'Aberto',
  expired: 'Expirado',
  found: 'Encontrado',
};

/** A new request's end of validity. */
export function wantedExpiry(now: Date): Date {
  return new Date(now.getTime() + WANTED_VALIDITY_DAYS * DAY_MS);
}

/** A renewal adds 14 days to what is left (an expired request: 14 days from now). */
export function renewedWantedExpiry(expiresAt: Date, now: Date): Date {
  return new Date(Math.max(expiresAt.getTime(), now.getTime()) + WANTED_VALIDITY_DAYS * DAY_MS);
}

/** What a request reads as now: 'Encontrado' once closed, 'Expirado' past its validity, else open. */
export function wantedStatus(request: { status: 'open' | 'found'; expiresAt: Date }, now: Date): WantedStatus {
  if (request.status === 'found') return 'found';
  return request.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** Whether the author may still renew: not closed and not renewed before. */
export function canRenewWanted(request: { status: 'open' | 'found'; renewals: number }): boolean {
  return request.status === 'open' && request.renewals < WANTED_RENEWALS_MAX;
}

/** A rental request's days, if it has them, start today or later ('YYYY-MM-DD' compares as text). */
export function wantedDatesInThePast(dates: { startDate: string | null }, today: string): boolean {
  return dates.startDate !== null && dates.startDate < today;
}

/** The 'Procura-se' list and one request's screen. */
export const WANTED_LIST_HREF = '/procura-se';
export function wantedHref(id: string): string {
  return `${WANTED_LIST_HREF}/${id}`;
}
