import { Link } from '@tanstack/react-router';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ChevronRightIcon, HelpCircleIcon, MailIcon, MessageCircleIcon, PhoneIcon, ShieldAlertIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { telHref, useHelpContacts } from '../hooks/use-help-contacts.ts';
import { FaqSearch } from './faq-search.tsx';
import '../help.css';

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
          <li>
            <a className="help-contact" href={telHref(contacts.phone)}>
              <PhoneIcon />
              <span>
                <strong>Telefone</strong>
                <span>{contacts.phone}</span>
              </span>
            </a>
          </li>
          {contacts.email ? (
            <li>
              <a className="help-contact" href={`mailto:${contacts.email}`}>
                <MailIcon />
                <span>
                  <strong>E-mail</strong>
                  <span>{contacts.email}</span>
                </span>
              </a>
            </li>
          ) : null}
          {contacts.whatsapp ? (
            <li>
              <a className="help-contact" href={`https://wa.me/${contacts.whatsapp}`} target="_blank" rel="noreferrer">
                <MessageCircleIcon />
                <span>
                  <strong>WhatsApp</strong>
                  <span>Conversar com a portaria</span>
                </span>
              </a>
            </li>
          ) : null}
        </ul>
      </section>

      <section className="section" aria-labelledby="help-links-title">
        <h2 className="section-title" id="help-links-title">
          Links úteis
        </h2>
        <ul className="menu-list">
          <li>
            <Link to="/privacidade" className="menu-item">
              <ShieldIcon />
              <span className="menu-item-label">Política de privacidade</span>
              <ChevronRightIcon />
            </Link>
          </li>
          <li>
            <Link to="/sobre" className="menu-item">
              <HelpCircleIcon />
              <span className="menu-item-label">Sobre o Vizinhança</span>
              <ChevronRightIcon />
            </Link>
          </li>
        </ul>
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
