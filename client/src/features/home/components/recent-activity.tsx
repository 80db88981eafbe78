import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ActivityItem, ActivityTarget, OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { ChevronRightIcon, ClockIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRecentActivity } from '../hooks/use-recent-activity.ts';
import '../home.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** The marker: green rental, orange food, blue service, purple notification (docs/product.md §10.5); named for screen readers too. */
function marker(item: ActivityItem): { className: string; label: string } {
  if (item.kind === 'notification' || item.listingType === null) return { className: 'notification', label: 'Notificação' };
  const label = { rental: 'Pedido de aluguel', food: 'Pedido de comida', service: 'Pedido de serviço' }[item.listingType];
  return { className: item.listingType, label };
}

/** The ?aba= of the order screens that shows an order in this status (the slugs of those screens' tabs). */
const MY_ORDERS_TAB: Record<OrderStatus, 'pendentes' | 'ativos' | 'finalizados'> = {
  pending: 'pendentes',
  approved: 'ativos',
  in_progress: 'ativos',
  completed: 'finalizados',
  rejected: 'finalizados',
  cancelled: 'finalizados',
};
const RECEIVED_ORDERS_TAB: Record<OrderStatus, 'aprovados' | 'em-andamento' | 'finalizados' | undefined> = {
  pending: undefined,
  approved: 'aprovados',
  in_progress: 'em-andamento',
  completed: 'finalizados',
  rejected: 'finalizados',
  cancelled: 'finalizados',
};

/** A row with somewhere to go opens it: the order on its screen and tab, or the owner's view of the listing. */
function ActivityRow({ target, children }: { target: ActivityTarget | null; children: ReactNode }) {
  if (!target) return <div className="activity-row">{children}</div>;
  const content = (
    <>
      {children}
      <ChevronRightIcon className="activity-chevron" />
    </>
  );
  if (target.kind === 'announcements') {
    return (
      <Link to="/comunicados" className="activity-row activity-link">
        {content}
      </Link>
    );
  }
  if (target.kind === 'listing') {
    return (
      <Link to="/anuncio/$id" params={{ id: target.id }} className="activity-row activity-link">
        {content}
      </Link>
    );
  }
  if (target.side === 'requester') {
    return (
      <Link to="/meus-pedidos" search={{ aba: MY_ORDERS_TAB[target.status] }} hash={`pedido-${target.id}`} className="activity-row activity-link">
        {content}
      </Link>
    );
  }
  return (
    <Link to="/gerenciar-pedidos" search={{ aba: RECEIVED_ORDERS_TAB[target.status] }} hash={`pedido-${target.id}`} className="activity-row activity-link">
      {content}
    </Link>
  );
}

/** 'Atividade recente': orders and notifications, newest first, with a coloured marker by kind. */
export function RecentActivity() {
  const query = useRecentActivity();
  const items = query.data ?? [];

  return (
    <section className="section" aria-labelledby="activity-title">
      <div className="section-header">
        <h2 className="section-title" id="activity-title">
          Atividade recente
        </h2>
        {items.length > 0 ? (
          <Link to="/notificacoes" className="section-link">
            Ver tudo
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ClockIcon />}
          title="Nenhuma atividade recente"
          text="Que tal começar explorando o que seus vizinhos oferecem?"
          actions={
            <>
              <Link to="/alugueis" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                Ver aluguéis
              </Link>
              <Link to="/comidas" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                Ver comidas
              </Link>
            </>
          }
        />
      ) : (
        <ul className="row-list">
          {items.map((item) => {
            const { className, label } = marker(item);
            return (
              <li key={`${item.kind}-${item.id}`}>
                <ActivityRow target={item.target}>
                  <span className={`activity-marker activity-marker-${className}`} aria-hidden="true" />
                  <span className="activity-body">
                    <span className="activity-title">
                      <span className="visually-hidden">{label}: </span>
                      {item.title}
                    </span>
                    <span className="activity-message line-clamp">{item.description}</span>
                    <span className="activity-time">
                      <RelativeTime date={item.createdAt} />
                    </span>
                  </span>
                </ActivityRow>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
