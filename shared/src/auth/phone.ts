import { onlyDigits } from './cpf.ts';

export const PHONE_MASKED_MAX_LENGTH = 15;

/** Formats a Brazilian phone as (11) 99999-9999 (or (11) 3333-4444) while the user types. */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (rest.length <= 4) return `(${area}) ${rest}`;
  const splitAt = rest.length === 9 ? 5 : 4;
  return `(${area}) ${rest.slice(0, splitAt)}-${rest.slice(splitAt)}`;
}

/** The number for a wa.me link: country code 55 plus the stored digits. */
export function whatsappLink(phoneDigits: string, text: string): string {
  return `https://wa.me/55${onlyDigits(phoneDigits)}?text=${encodeURIComponent(text)}`;
}
