import type { PublicListingDetail } from '@vizinhanca/shared/listings/listing.schema';
import { Button } from '../../../components/ui/button.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { useSaveListing } from '../hooks/use-save-listing.ts';

/** 'Salvar' on the detail: a toggle; saved listings are in the profile's 'Salvos'. */
export function SaveButton({ listing }: { listing: PublicListingDetail }) {
  const save = useSaveListing(listing.id);
  return (
    <Button
      variant="outline"
      size="sm"
      className={`save-button${listing.isSaved ? ' save-button-on' : ''}`}
      aria-pressed={listing.isSaved}
      loading={save.isPending}
      onClick={() => save.mutate({ id: listing.id, saved: !listing.isSaved })}
    >
      <HeartIcon />
      {listing.isSaved ? 'Salvo' : 'Salvar'}
    </Button>
  );
}
