import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdvertisers } from '../hooks/use-admin-people.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from './load-more.tsx';

/** 'Anunciantes' (spec 2.23): people with listings, their counts and 'Gerenciar Usuário'. */
export function AdvertisersPanel({ onManage }: { onManage: (userId: string) => void }) {
  const advertisers = useAdvertisers();
  return (
    <section className="section" aria-labelledby="admin-advertisers-title">
      <div className="section-header">
        <h2 className="section-title" id="admin-advertisers-title">
          Anunciantes
        </h2>
      </div>
      {advertisers.isPending ? (
        <Spinner />
      ) : advertisers.isError && advertisers.items.length === 0 ? (
        <LoadError error={advertisers.error} onRetry={() => void advertisers.refetch()} />
      ) : advertisers.items.length === 0 ? (
        <p className="admin-empty">Ninguém anunciou ainda.</p>
      ) : (
        <ul className="stack-list" aria-label="Anunciantes">
          {advertisers.items.map((advertiser) => (
            <li key={advertiser.id}>
              <Card className="pending-card" role="article" aria-labelledby={`advertiser-${advertiser.id}`}>
                <div className="admin-advertiser-header">
                  <PersonAvatar className="avatar admin-advertiser-avatar" fullName={advertiser.fullName} avatarUrl={advertiser.avatarUrl} />
                  <h3 className="pending-card-name" id={`advertiser-${advertiser.id}`}>
                    {advertiser.fullName}
                  </h3>
                  {advertiser.isSuspended ? <Badge variant="danger">Suspenso</Badge> : null}
                </div>
                <p className="pending-card-date">{advertiser.apartment ? `Apto ${advertiser.apartment}` : 'Sem apartamento'}</p>
                <dl className="admin-advertiser-counts">
                  <div>
                    <dt>Total</dt>
                    <dd>{advertiser.total}</dd>
                  </div>
                  <div>
                    <dt>Ativos</dt>
                    <dd>{advertiser.active}</dd>
                  </div>
                  <div>
                    <dt>Inativos</dt>
                    <dd>{advertiser.inactive}</dd>
                  </div>
                </dl>
                <div className="pending-card-actions">
                  <Button variant="outline" onClick={() => onManage(advertiser.id)}>
                    Gerenciar Usuário
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={Boolean(advertisers.hasNextPage)} loading={advertisers.isFetchingNextPage} onLoad={() => void advertisers.fetchNextPage()} />
    </section>
  );
}
