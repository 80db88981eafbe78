import { Link } from '@tanstack/react-router';
import { formatRelativeTime } from '@vizinhanca/shared/format/format';
import type { ActivityItem } from '@vizinhanca/shared/orders/order.schema';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRecentActivity } from '../hooks/use-recent-activity.ts';
import '../home.css';

/** The marker: green rental, orange food, blue service, purple notification (docs/product.md §10.5); named for screen readers too. */
function marker(item: ActivityItem): { className: string; label: string } {
  if (item.kind === 'notification' || item.listingType === null) return { className: 'notification', label: 'Notificação' };
  const label = { rental: 'Pedido de aluguel', food: 'Pedido de comida', service: 'Pedido de serviço' }[item.listingType];
  return { className: item.listingType, label };
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
        <div className="empty-state">
          <span className="empty-state-icon">
            <ClockIcon />
          </span>
          <p className="empty-state-title">Nenhuma atividade recente</p>
          <p className="muted">Que tal começar explorando o que seus vizinhos oferecem?</p>
          <div className="empty-state-actions">
            <Link to="/alugueis" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Ver aluguéis
            </Link>
            <Link to="/comidas" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Ver comidas
            </Link>
          </div>
        </div>
      ) : (
        <ul className="activity-list">
          {items.map((item) => {
            const { className, label } = marker(item);
            return (
              <li key={`${item.kind}-${item.id}`} className="activity-item">
                <span className={`activity-marker activity-marker-${className}`} aria-hidden="true" />
                <div className="activity-body">
                  <p className="activity-title">
                    <span className="visually-hidden">{label}: </span>
                    {item.title}
                  </p>
                  <p className="activity-message">{item.description}</p>
                  <p className="activity-time">
                    <time dateTime={item.createdAt.toISOString()}>{formatRelativeTime(item.createdAt)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
