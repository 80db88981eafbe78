import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useHelpContacts } from '../hooks/use-help-contacts.ts';
import '../help.css';

/** /sobre: what the app is, for whom, and its version. */
export function AboutScreen() {
  const contacts = useHelpContacts();
  return (
    <AppScreen header={<PageHeader title="Sobre o Vizinhança" backTo="/ajuda" />}>
      <Card className="help-about">
        <p>
          O Vizinhança é o marketplace dos moradores do {contacts.condoName}: alugue itens por dia, venda e compre comida caseira e
          ofereça ou contrate serviços de quem mora perto.
        </p>
        <p>A administração do condomínio aprova quem entra e o que é publicado. Por enquanto, tudo é gratuito.</p>
        <p className="muted">Versão {__APP_VERSION__}</p>
      </Card>
    </AppScreen>
  );
}
