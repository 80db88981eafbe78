import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { StatList } from '../../../components/ui/stat-list.tsx';
import { useAdvertisers } from '../hooks/use-admin-people.ts';
import { AdminPanel, CardList, PagedListBody } from './admin-panel.tsx';

/** 'Anunciantes' (spec 2.23): people with listings, their counts and 'Gerenciar Usuário'. */
export function AdvertisersPanel({ onManage }: { onManage: (userId: string) => void }) {
  const advertisers = useAdvertisers();
  return (
    <AdminPanel titleId="admin-advertisers-title" title="Anunciantes">
      <PagedListBody list={advertisers} empty="Ninguém anunciou ainda.">
        {(items) => (
          <CardList label="Anunciantes" items={items}>
            {(advertiser) => (
              <Card className="pending-card" role="article" aria-labelledby={`advertiser-${advertiser.id}`}>
                <div className="admin-advertiser-header">
                  <PersonAvatar className="avatar admin-advertiser-avatar" fullName={advertiser.fullName} avatarUrl={advertiser.avatarUrl} />
                  <h3 className="pending-card-name" id={`advertiser-${advertiser.id}`}>
                    {advertiser.fullName}
                  </h3>
                  {advertiser.isSuspended ? <Badge variant="danger">Suspenso</Badge> : null}
                </div>
                <p className="pending-card-date">{advertiser.apartment ? `Apto ${advertiser.apartment}` : 'Sem apartamento'}</p>
                <StatList
                  className="admin-advertiser-counts"
                  stats={[
                    ['Total', advertiser.total],
                    ['Ativos', advertiser.active],
                    ['Inativos', advertiser.inactive],
                  ]}
                />
                <div className="pending-card-actions">
                  <Button variant="outline" onClick={() => onManage(advertiser.id)}>
                    Gerenciar Usuário
                  </Button>
                </div>
              </Card>
            )}
          </CardList>
        )}
      </PagedListBody>
    </AdminPanel>
  );
}
