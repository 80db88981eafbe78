import { LISTING_SORT_LABELS, LISTING_SORTS, type ListingFilter, type ListingSort, type ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { AlertCircleIcon, PackageIcon, SearchXIcon, UtensilsIcon, WrenchIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { keepTypedBeforeHydration } from '../../../lib/typed-before-hydration.ts';
import type { BrowseSearch } from '../browse-search.ts';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll.ts';
import { useFornadaCards } from '../hooks/use-fornada-cards.ts';
import { useListingFeed } from '../hooks/use-listing-feed.ts';
import { LISTING_KINDS } from '../listing-kinds.ts';
import { FilterChips } from './filter-chips.tsx';
import { ListingCard } from './listing-card.tsx';
import { SearchBox } from './search-box.tsx';
import '../../../looks.css';
import '../listings.css';
import { EmptyState } from '../../../components/empty-state.tsx';

const EMPTY_ICONS = { rental: PackageIcon, food: UtensilsIcon, service: WrenchIcon } as const;

/** /busca: the three types at once, with the words of the type screens. */
const EVERYTHING = {
  title: 'Buscar',
  listName: 'Resultados da busca',
  searchPlaceholder: 'O que você procura?',
  emptyMessage: 'Nenhum anúncio encontrado',
  chips: [],
} as const;

interface ListingBrowseScreenProps {
  /** Null: every type (/busca). */
  type: ListingType | null;
  search: BrowseSearch;
  /** Updates the URL's search (replace: typing is not history). */
  onSearchChange: (patch: BrowseSearch) => void;
  /** What the page shows between the controls and the listings (/busca: the 'Procura-se' requests found). */
  beforeResults?: ReactNode;
}

/** /alugueis, /comidas, /servicos (docs/product.md §10.6) and /busca: search, chips, the order and the cards. */
export function ListingBrowseScreen({ type, search, onSearchChange, beforeResults }: ListingBrowseScreenProps) {
  const kind = type ? LISTING_KINDS[type] : EVERYTHING;
  const feed = useListingFeed(type, search);
  const fornadas = useFornadaCards(feed.items);
  const filter: ListingFilter = search.filtro ?? 'all';
  const narrowed = Boolean(search.busca) || filter !== 'all';
  const canLoadMore = Boolean(feed.hasNextPage) && !feed.isFetchingNextPage && !feed.isPlaceholderData;
  const sentinel = useInfiniteScroll<HTMLDivElement>(() => void feed.fetchNextPage(), canLoadMore);
  const EmptyIcon = type ? EMPTY_ICONS[type] : SearchXIcon;

  return (
    <AppScreen
      header={
        <PageHeader
          title={kind.title}
          backTo="/"
          actions={
            <Link to="/procura-se" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              Procura-se
            </Link>
          }
        />
      }
    >
      <div className="browse-controls">
        <SearchBox
          id={`busca-${type ?? 'tudo'}`}
          value={search.busca ?? ''}
          placeholder={kind.searchPlaceholder}
          onSearch={(text) => onSearchChange({ busca: text || undefined })}
        />
        {kind.chips.length ? (
          <FilterChips chips={kind.chips} value={filter} onChange={(next) => onSearchChange({ filtro: next === 'all' ? undefined : next })} />
        ) : null}
        <label className="browse-sort">
          <span>Ordenar por</span>
          {/* The ref hands over a sort chosen on the server's markup before the app ran (the lists are drawn by the server). */}
          <select
            ref={keepTypedBeforeHydration}
            className="input browse-sort-select"
            value={search.ordem ?? 'newest'}
            onChange={(event) => {
              const next = event.target.value as ListingSort;
              onSearchChange({ ordem: next === 'newest' ? undefined : next });
            }}
          >
            {LISTING_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {LISTING_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {beforeResults}

      {feed.isPending ? (
        <Spinner />
      ) : feed.isError && feed.items.length === 0 ? (
        <EmptyState role="alert" icon={<AlertCircleIcon />} iconClassName="empty-state-icon-danger" title="Não foi possível carregar" text={errorMessage(feed.error)}>
          <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
            Tentar novamente
          </Button>
        </EmptyState>
      ) : feed.items.length === 0 ? (
        <EmptyState
          icon={<EmptyIcon />}
          iconClassName={type ? `listing-empty-type type-${type}` : undefined}
          title={kind.emptyMessage}
          text={narrowed ? 'Tente buscar por outra palavra ou remover o filtro.' : 'Volte mais tarde: os vizinhos publicam novidades todos os dias.'}
        />
      ) : (
        <>
          <ul
            className={`stack-list listing-list${feed.isPlaceholderData ? ' listing-list-stale' : ''}`}
            aria-label={kind.listName}
            aria-busy={feed.isPlaceholderData || undefined}
          >
            {feed.items.map((listing, index) => (
              <li key={listing.id}>
                <ListingCard listing={listing} first={index === 0} fornada={fornadas.get(listing.id)} />
              </li>
            ))}
          </ul>
          {feed.hasNextPage ? (
            <div ref={sentinel} className="listing-more">
              {feed.isFetchingNextPage ? (
                <Spinner label="Carregando mais..." />
              ) : (
                <Button variant="ghost" size="sm" onClick={() => void feed.fetchNextPage()}>
                  Carregar mais
                </Button>
              )}
            </div>
          ) : null}
        </>
      )}
    </AppScreen>
  );
}
