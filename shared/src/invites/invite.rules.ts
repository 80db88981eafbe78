import type { InviteStatus, InviteType } from './invite.schema.ts';

/** A pending invite past its expiry reads as expired, even before the job marks it. */
export function effectiveInviteStatus(status: InviteStatus, expiresAt: Date, now: Date): InviteStatus {
  return status === 'pending' && expiresAt.getTime() <= now.getTime() ? 'expired' : status;
}

/** Someone invited to an apartment is a future resident; a visitor or an invite without an apartment is "other". */
export function inviteTypeFor(apartment: string | null): InviteType {
  if (!apartment) return 'other';
  return /visitante/i.test(apartment) ? 'other' : 'resident';
}

/** The status badge (2.20); a cancelled invite shows no label. */
export function inviteStatusLabel(status: InviteStatus): string | null {
  switch (status) {
    case 'accepted':
      return 'Aceito';
    case 'pending':
      return 'Pendente';
    case 'expired':
      return 'Expirado';
    case 'cancelled':
      return null;
  }
}

export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/convite/${code}`;
}

/** The sign-up's apartment field from an invite's free text ('Apt 1205' -> '1205'; a visitor has none). */
export function signUpApartmentFrom(apartment: string | null, maxLength: number): string {
  if (!apartment || /visitante/i.test(apartment)) return '';
  return apartment.replace(/^\s*ap(?:artamento|to|t)?\.?\s*/i, '').trim().slice(0, maxLength);
}
