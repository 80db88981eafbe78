import { BILLING_MESSAGES, BILLING_STATUS_LABELS, BILLING_STATUS_TONES, type Billing } from '@vizinhanca/shared/billing/billing.schema';
import { formatCalendarDate, formatCurrency, formatDate } from '@vizinhanca/shared/format/format';
import type { ComponentType, ReactNode } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CalendarIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { CreditCardIcon, ReceiptIcon, RefreshIcon, SparklesIcon } from '../../../components/ui/secondary-icons.tsx';
import { trpc } from '../../../lib/trpc.ts';
import '../../../looks.css';
import '../billing.css';

interface ComingSoonProps {
  title: string;
  lead: string;
  features: { label: string; Icon: ComponentType }[];
  /** Shown above the 'em breve' card (Cobranças: the person's own charges). */
  children?: ReactNode;
  /** Whether 'Tudo é gratuito por enquanto' is true for this person (not for someone with a charge). */
  freeForNow?: boolean;
}

function ComingSoonScreen({ title, lead, features, children, freeForNow = true }: ComingSoonProps) {
  return (
    <AppScreen header={<PageHeader title={title} backTo="/perfil" />}>
      {children}
      {freeForNow ? (
        <Card className="billing-soon">
          <span className="icon-tile empty-state-icon" aria-hidden="true">
            <SparklesIcon />
          </span>
          <Badge variant="info">Em breve</Badge>
          <h2 className="section-title">Tudo é gratuito por enquanto</h2>
          <p className="muted">{lead}</p>
        </Card>
      ) : null}
      <section className="section" aria-labelledby="billing-soon-list">
        <h2 className="section-title" id="billing-soon-list">
          O que vem por aí
        </h2>
        <ul className="billing-soon-features">
          {features.map(({ label, Icon }) => (
            <li key={label} className="boxed-row">
              <Icon />
              {label}
            </li>
          ))}
        </ul>
      </section>
    </AppScreen>
  );
}

/** One 'em breve' page: its title, the lead under 'Tudo é gratuito por enquanto', and what is coming (icon, text). */
function comingSoon(title: string, lead: string, features: [Icon: ComponentType, label: string][]): ComingSoonProps {
  return { title, lead, features: features.map(([Icon, label]) => ({ Icon, label })) };
}

const PAGES = {
  payments: comingSoon('Pagamentos', 'Um sistema de pagamentos será ativado mais adiante. Até lá, os pagamentos são combinados diretamente entre vizinhos, por Pix ou em dinheiro.', [
    [CreditCardIcon, 'Gerenciar cartões de crédito'],
    [CheckCircleIcon, 'Receber pagamentos pelo app'],
    [ReceiptIcon, 'Ver o histórico de transações'],
    [RefreshIcon, 'Acompanhar o seu saldo'],
  ]),
  billings: comingSoon('Cobranças', 'A cobrança pelos anúncios será ativada mais adiante. Até lá, anunciar no Vizinhança não custa nada.', [
    [SparklesIcon, '30 dias grátis para novos anúncios'],
    [CalendarIcon, 'Cobrança mensal automática'],
    [CreditCardIcon, 'Gerenciar formas de pagamento'],
    [ReceiptIcon, 'Histórico completo de transações'],
  ]),
};

/** /pagamentos (docs/product.md §10.1). */
export function PaymentsScreen() {
  return <ComingSoonScreen {...PAGES.payments} />;
}

/** The person's own charges, read only (the administration creates them and marks them paid), and how to pay them. */
function MyBillings({ billings }: { billings: Billing[] }) {
  const unpaid = billings.some((billing) => billing.status !== 'paid');
  return (
    <section className="section" aria-labelledby="my-billings-title">
      <h2 className="section-title" id="my-billings-title">
        Suas cobranças
      </h2>
      <ul className="billing-mine">
        {billings.map((billing) => (
          <li key={billing.id}>
            <Card className="billing-mine-card" role="article" aria-label={`Cobrança de ${formatCurrency(billing.amountCents)}`}>
              <div className="billing-mine-header">
                <strong>{formatCurrency(billing.amountCents)}</strong>
                <Badge variant={BILLING_STATUS_TONES[billing.status]}>{BILLING_STATUS_LABELS[billing.status]}</Badge>
              </div>
              <p className="muted">
                {billing.paidAt ? `Paga em ${formatDate(billing.paidAt)}` : `Vence em ${formatCalendarDate(billing.dueDate)}`}
                {billing.autoRenewal ? ' · renovação automática' : ''}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      {billings.some((billing) => billing.status === 'overdue') ? <p className="notice notice-danger">{BILLING_MESSAGES.overduePaused}</p> : null}
      {unpaid ? <p className="notice notice-info">{BILLING_MESSAGES.howToPay}</p> : null}
    </section>
  );
}

/** /cobrancas (docs/product.md §10.1): the person's own charges, if any, and what is coming; 'Tudo é gratuito' only for someone without a charge. */
export function BillingsScreen() {
  const billings = trpc.billing.mine.useQuery().data;
  return (
    <ComingSoonScreen {...PAGES.billings} freeForNow={billings?.length === 0}>
      {billings?.length ? <MyBillings billings={billings} /> : null}
    </ComingSoonScreen>
  );
}
