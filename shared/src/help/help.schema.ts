import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

export const helpContactsInputSchema = z.object({}).optional();

/** The front desk's contacts, from the deployment's configuration. */
export const helpContactsSchema = z.object({
  condoName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Digits only with the country code, ready for https://wa.me/{number}. */
  whatsapp: z.string().nullable(),
});
export type HelpContacts = z.infer<typeof helpContactsSchema>;
