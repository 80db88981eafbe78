import type { HelpContacts } from '@vizinhanca/shared/help/help.schema';
import type { AppDeps } from '../../context.ts';

export function contacts(deps: Pick<AppDeps, 'config'>): HelpContacts {
  const whatsappDigits = (deps.config.CONDO_WHATSAPP ?? '').replace(/\D/g, '');
  return {
    condoName: deps.config.CONDO_NAME,
    phone: deps.config.CONDO_PHONE,
    email: deps.config.CONDO_EMAIL ?? null,
    // Brazilian numbers without the country code get +55.
    whatsapp: whatsappDigits ? (whatsappDigits.length <= 11 ? `55${whatsappDigits}` : whatsappDigits) : null,
  };
}
