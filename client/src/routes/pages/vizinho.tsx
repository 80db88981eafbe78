import { useParams } from '@tanstack/react-router';
import { NeighbourScreen } from '../../features/listings/components/neighbour-screen.tsx';

/** /vizinho/{id} (routes/vizinho.tsx loads it with the screen, one chunk). */
export function NeighbourPage() {
  const { id } = useParams({ from: '/app/vizinho/$id' });
  return <NeighbourScreen id={id} />;
}
