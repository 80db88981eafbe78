import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { ListingCardList } from './listing-card.tsx';
import '../../../looks.css';
import '../listings.css';
import { EmptyState } from '../../../components/empty-state.tsx';

/** /salvos: the listings the user saved ('Salvar'), while neighbours can still see them. */
export function SavedScreen() {
  const saved = trpc.listings.saved.useQuery();
  const items = saved.data?.items ?? [];
  return (
    <AppScreen header={<PageHeader title="Salvos" backTo="/perfil" />}>
      {saved.isPending ? (
        <Spinner />
      ) : items.length ? (
        <ListingCardList label="Anúncios salvos" items={items} />
      ) : (
        <EmptyState icon={<HeartIcon />} title="Nenhum anúncio salvo" text="Toque em 'Salvar' num anúncio para encontrá-lo aqui depois." />
      )}
    </AppScreen>
  );
}
