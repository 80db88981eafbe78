import { formatDateTime } from '@vizinhanca/shared/format/format';
import { Button } from '../../../components/ui/button.tsx';
import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminActivity } from '../hooks/use-admin-summary.ts';
import { changeText } from './activity-labels.ts';
import { LoadError } from '../../../components/load-error.tsx';

/** 'Atividade' (spec 2.23): the audit log, latest 20 first, then 'Ver mais'. */
export function ActivityPanel() {
  const activity = useAdminActivity();
  return (
    <section className="section" aria-labelledby="admin-activity-title">
      <div className="section-header">
        <h2 className="section-title" id="admin-activity-title">
          Atividade
        </h2>
      </div>
      {activity.isPending ? (
        <Spinner />
      ) : activity.isError && activity.items.length === 0 ? (
        <LoadError error={activity.error} onRetry={() => void activity.refetch()} />
      ) : activity.items.length === 0 ? (
        <p className="admin-empty">Nenhuma atividade registrada.</p>
      ) : (
        <ol className="stack-list stack-list-tight" aria-label="Atividade">
          {activity.items.map((entry) => {
            const change = changeText(entry);
            return (
              <li key={entry.id} className="admin-activity-item">
                <p className="admin-activity-what">
                  <strong>{entry.label}</strong>
                  {entry.targetLabel ? <> · {entry.targetLabel}</> : null}
                </p>
                <p className="admin-activity-who">
                  {entry.actor ? <PersonAvatar className="avatar admin-activity-avatar" fullName={entry.actor.fullName} avatarUrl={entry.actor.avatarUrl} /> : null}
                  {entry.actor ? entry.actor.fullName : 'Sistema'} · <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</time>
                </p>
                {change ? <p className="admin-activity-change">{change}</p> : null}
                {entry.personalDataRemoved && entry.action === 'user.updated' ? (
                  <p className="admin-activity-change">Dados pessoais removidos (LGPD)</p>
                ) : null}
                {entry.reason ? <p className="admin-activity-change">Motivo: {entry.reason}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
      {activity.hasNextPage ? (
        <div className="admin-load-more">
          <Button variant="secondary" size="sm" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
            Ver mais
          </Button>
        </div>
      ) : null}
    </section>
  );
}
