import type { ListingStatus, ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAllListings } from '../hooks/use-moderation-listings.ts';
import { AdminPanel } from './admin-panel.tsx';
import { AdminSearchField } from './admin-search-field.tsx';
import { ManagedListingActions } from './listing-actions.tsx';
import type { ListingHandlers } from './listing-handlers.ts';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './moderation-labels.ts';
import { SelectField } from './select-field.tsx';
import { ModerationListingList } from './moderation-listing-list.tsx';

/** 'Todos os Anúncios' (docs/product.md §10.17): search, type and status filters, and every action. */
export function AllListingsPanel({ handlers }: { handlers: ListingHandlers }) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ListingType | 'all'>('all');
  const [status, setStatus] = useState<ListingStatus | 'all'>('all');
  const debouncedSearch = useDebouncedValue(search.trim());
  const listings = useAllListings({
    search: debouncedSearch,
    type: type === 'all' ? null : type,
    status: status === 'all' ? null : status,
  });

  return (
    <AdminPanel titleId="all-listings-title" title="Todos os Anúncios">
      <div className="admin-filters">
        <AdminSearchField
          id="all-listings-search"
          label="Buscar anúncios"
          placeholder="Título ou descrição"
          value={search}
          onChange={setSearch}
        />
        <div className="form-row">
          <SelectField id="all-listings-type" label="Tipo" value={type} options={TYPE_OPTIONS} onChange={setType} />
          <SelectField id="all-listings-status" label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        </div>
      </div>
      <ModerationListingList
        label="Anúncios"
        list={listings}
        empty="Nenhum anúncio encontrado."
        showStatus
        renderActions={(listing) => <ManagedListingActions listing={listing} handlers={handlers} />}
      />
    </AdminPanel>
  );
}
