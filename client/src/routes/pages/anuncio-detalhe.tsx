import { useParams } from '@tanstack/react-router';
import { OwnerListingScreen } from '../../features/my-listings/components/owner-listing-screen.tsx';

/** /anuncio/{id}, the owner's view (routes/anuncio-detalhe.tsx loads it with the screen, one chunk). */
export function OwnerListingPage() {
  const { id } = useParams({ from: '/app/anuncio/$id' });
  return <OwnerListingScreen id={id} />;
}
