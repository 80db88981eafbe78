import type { ComponentType, ReactNode } from 'react';
import { EmailAddress } from '../../../components/email-address.tsx';
import type { HelpContacts } from '@vizinhanca/shared/help/help.schema';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { MenuLinks } from '../../../components/layout/menu-links.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { HelpCircleIcon, MailIcon, MessageCircleIcon, PhoneIcon, ShieldAlertIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { telHref, useHelpContacts } from '../hooks/use-help-contacts.ts';
import { FaqSearch } from './faq-search.tsx';
import '../help.css';

interface ContactCard {
  href: string;
  label: string;
  detail: ReactNode;
  Icon: ComponentType;
  external?: boolean;
}

/** The front desk's phone always; e-mail and WhatsApp only when configured. */
function contactCards(contacts: HelpContacts): ContactCard[] {
  const cards: ContactCard[] = [{ href: telHref(contacts.phone), label: 'Telefone', detail: contacts.phone, Icon: PhoneIcon }];
  if (contacts.email) cards.push({ href: `mailto:${contacts.email}`, label: 'E-mail', detail: <EmailAddress email={contacts.email} />, Icon: MailIcon });
  if (contacts.whatsapp) {
    cards.push({ href: `https://wa.me/${contacts.whatsapp}`, label: 'WhatsApp', detail: 'Conversar com a portaria', Icon: MessageCircleIcon, external: true });
  }
  return cards;
}

/** /ajuda (2.21): FAQ search, the front desk's contacts, useful links and the emergency card. */
export function HelpScreen() {
  const contacts = useHelpContacts();
  return (
    <AppScreen header={<PageHeader title="Ajuda" backTo="/perfil" />}>
      <FaqSearch />

      <section className="section" aria-labelledby="help-contacts-title">
        <h2 className="section-title" id="help-contacts-title">
          Fale com a portaria
        </h2>
        <ul className="help-contacts">
          {contactCards(contacts).map(({ href, label, detail, Icon, external }) => (
            <li key={label}>
              <a className="help-contact" href={href} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
                <Icon />
                <span>
                  <strong>{label}</strong>
                  <span>{detail}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="help-links-title">
        <h2 className="section-title" id="help-links-title">
          Links úteis
        </h2>
        <MenuLinks
          items={[
            { to: '/privacidade', label: 'Política de privacidade', Icon: ShieldIcon },
            { to: '/sobre', label: 'Sobre o Vizinhança', Icon: HelpCircleIcon },
          ]}
        />
      </section>

      <Card className="help-emergency" role="region" aria-labelledby="help-emergency-title">
        <ShieldAlertIcon />
        <div>
          <h2 className="section-title" id="help-emergency-title">
            Emergência
          </h2>
          <p>Em caso de emergência no condomínio, fale agora com a portaria do {contacts.condoName}.</p>
          <a className={buttonClassName({ variant: 'danger', block: true })} href={telHref(contacts.phone)}>
            <PhoneIcon />
            Ligar para a portaria
          </a>
        </div>
      </Card>
    </AppScreen>
  );
}
