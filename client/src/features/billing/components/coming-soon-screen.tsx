import type { ComponentType } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CalendarIcon, CheckCircleIcon, CreditCardIcon, ReceiptIcon, RefreshIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import '../billing.css';

interface ComingSoonProps {
  title: string;
  lead: string;
  features: { label: string; Icon: ComponentType }[];
}

function ComingSoonScreen({ title, lead, features }: ComingSoonProps) {
  return (
    <AppScreen header={<PageHeader title={title} backTo="/perfil" />}>
      <Card className="billing-soon">
        <span className="empty-state-icon" aria-hidden="true">
          <SparklesIcon />
        </span>
        <Badge variant="info">Em breve</Badge>
        <h2 className="section-title">Tudo é gratuito por enquanto</h2>
        <p className="muted">{lead}</p>
      </Card>
      <section className="section" aria-labelledby="billing-soon-list">
        <h2 className="section-title" id="billing-soon-list">
          O que vem por aí
        </h2>
        <ul className="billing-soon-features">
          {features.map(({ label, Icon }) => (
            <li key={label}>
              <Icon />
              {label}
            </li>
          ))}
        </ul>
      </section>
    </AppScreen>
  );
}

const PAGES = {
  payments: {
    title: 'Pagamentos',
    lead: 'Um sistema de pagamentos será ativado mais adiante. Até lá, os pagamentos são combinados diretamente entre vizinhos, por Pix ou em dinheiro.',
    features: [
      { label: 'Gerenciar cartões de crédito', Icon: CreditCardIcon },
      { label: 'Receber pagamentos pelo app', Icon: CheckCircleIcon },
      { label: 'Ver o histórico de transações', Icon: ReceiptIcon },
      { label: 'Acompanhar o seu saldo', Icon: RefreshIcon },
    ],
  },
  billings: {
    title: 'Cobranças',
    lead: 'A cobrança pelos anúncios será ativada mais adiante. Até lá, anunciar no Vizinhança não custa nada.',
    features: [
      { label: '30 dias grátis para novos anúncios', Icon: SparklesIcon },
      { label: 'Cobrança mensal automática', Icon: CalendarIcon },
      { label: 'Gerenciar formas de pagamento', Icon: CreditCardIcon },
      { label: 'Histórico completo de transações', Icon: ReceiptIcon },
    ],
  },
} satisfies Record<string, ComingSoonProps>;

/** /pagamentos (2.19). */
export function PaymentsScreen() {
  return <ComingSoonScreen {...PAGES.payments} />;
}

/** /cobrancas (2.19). */
export function BillingsScreen() {
  return <ComingSoonScreen {...PAGES.billings} />;
}
