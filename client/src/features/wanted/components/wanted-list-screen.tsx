import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PlusIcon, SearchXIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';
import { WantedCard } from './wanted-card.tsx';
import { WantedFormDialog } from './wanted-form-dialog.tsx';
import '../../../looks.css';

/** /procura-se: what neighbours are looking for, newest first; 'Meus pedidos' shows one's own in every state. */
export function WantedListScreen() {
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const [writing, setWriting] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const list = trpc.wanted.list.useInfiniteQuery({ search: search.trim() || null, mine }, { getNextPageParam: (page) => page.nextCursor, placeholderData: (previous) => previous });
  const create = trpc.wanted.create.useMutation({
    meta: { errorPrefix: 'Erro ao publicar: ' },
    onSuccess: async (result) => {
      toast.success(result.message);
      setWriting(false);
      await utils.wanted.list.invalidate();
      await navigate({ to: '/procura-se/$id', params: { id: result.id } });
    },
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AppScreen header={<PageHeader title="Procura-se" backTo="/" />}>
      <div className="wanted-toolbar">
        <label className="visually-hidden" htmlFor="busca-procura-se">
          Buscar pedidos
        </label>
        <SearchInput id="busca-procura-se" value={search} placeholder="Buscar nos pedidos" onChange={(event) => setSearch(event.target.value)} onClear={() => setSearch('')} />
        <div className="wanted-toolbar-row">
          <Button onClick={() => setWriting(true)}>
            <PlusIcon />
            Publicar pedido
          </Button>
          <Button variant={mine ? 'secondary' : 'outline'} aria-pressed={mine} onClick={() => setMine((value) => !value)}>
            Meus pedidos
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<SearchXIcon />}
          title={mine ? 'Você ainda não publicou pedidos' : 'Nenhum pedido por aqui'}
          text="Não achou o que precisa nos anúncios? Publique um pedido e os vizinhos respondem com 'Eu tenho'."
        />
      ) : (
        <>
          <ul className="stack-list" aria-label={mine ? 'Meus pedidos' : 'Pedidos dos vizinhos'}>
            {items.map((request) => (
              <li key={request.id}>
                <WantedCard request={request} />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} className="listing-more" />
        </>
      )}
      {writing ? <WantedFormDialog open request={null} sending={create.isPending} onClose={() => setWriting(false)} onSend={(fields, onError) => create.mutate(fields, { onError })} /> : null}
    </AppScreen>
  );
}
