import { trpc } from '../../../lib/trpc.ts';

/** The front desk's contacts as configured (the route loader warms it). */
export function useHelpContacts() {
  const [contacts] = trpc.help.contacts.useSuspenseQuery();
  return contacts;
}

/** A phone number as a tel: link (digits only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
