import { changeText } from '@vizinhanca/shared/audit/audit.rules';
import { formatDateTime } from '@vizinhanca/shared/format/format';
import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { useAdminActivity } from '../hooks/use-admin-summary.ts';
import { AdminPanel, PagedListBody } from './admin-panel.tsx';

/** 'Atividade' (spec 2.23): the audit log, latest 20 first, then 'Ver mais'. */
export function ActivityPanel() {
  const activity = useAdminActivity();
  return (
    <AdminPanel titleId="admin-activity-title" title="Atividade">
      <PagedListBody list={activity} empty="Nenhuma atividade registrada." moreLabel="Ver mais">
        {(items) => (
          <ol className="stack-list stack-list-tight" aria-label="Atividade">
            {items.map((entry) => {
              const change = changeText(entry.before, entry.after);
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
      </PagedListBody>
    </AdminPanel>
  );
}
