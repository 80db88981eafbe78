import { describe, expect, it } from 'vitest';
import { effectiveInviteStatus, inviteLink, inviteStatusLabel, inviteTypeFor, signUpApartmentFrom } from './invite.rules.ts';

describe('invite rules', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('reads a pending invite past its expiry as expired', () => {
    expect(effectiveInviteStatus('pending', new Date('2026-11-23T14:59:59Z'), now)).toBe('expired');
    expect(effectiveInviteStatus('pending', new Date('2026-11-23T15:00:01Z'), now)).toBe('pending');
    expect(effectiveInviteStatus('accepted', new Date('2026-11-01T00:00:00Z'), now)).toBe('accepted');
  });
  it('labels statuses as the spec does, and a cancelled invite not at all', () => {
    expect(['accepted', 'pending', 'expired', 'cancelled'].map((status) => inviteStatusLabel(status as never))).toEqual(['Aceito', 'Pendente', 'Expirado', null]);
  });
  it('tells a future resident from a visitor', () => {
    expect(inviteTypeFor('Apt 1205')).toBe('resident');
    expect(inviteTypeFor('Visitante')).toBe('other');
    expect(inviteTypeFor(null)).toBe('other');
  });
  it('builds the link and the sign-up apartment', () => {
    expect(inviteLink('https://app.example/', 'ABCDE12345')).toBe('https://app.example/convite/ABCDE12345');
    expect(signUpApartmentFrom('Apt 1205', 10)).toBe('1205');
    expect(signUpApartmentFrom('Apartamento 12B', 10)).toBe('12B');
    expect(signUpApartmentFrom('Visitante', 10)).toBe('');
    expect(signUpApartmentFrom(null, 10)).toBe('');
  });
});
