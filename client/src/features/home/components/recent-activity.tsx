import { Link } from '@tanstack/react-router';
import { formatRelativeTime } from '@vizinhanca/shared/format/format';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRecentActivity } from '../hooks/use-recent-activity.ts';

/** 'Atividade recente': newest first, with a coloured marker by kind (purple: notification). */
export function RecentActivity() {
  const { items, isPending } = useRecentActivity();

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
      {isPending ? (
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
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="activity-item">
              <span className={`activity-marker activity-marker-${item.kind}`} aria-hidden="true" />
              <div className="activity-body">
                <p className="activity-title">{item.title}</p>
                <p className="activity-message">{item.message}</p>
                <p className="activity-time">
                  <time dateTime={item.createdAt.toISOString()}>{formatRelativeTime(item.createdAt)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
