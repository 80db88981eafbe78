import { useNavigate, useParams } from '@tanstack/react-router';
import { NeighbourScreen } from '../../features/listings/components/neighbour-screen.tsx';
import { BlockButton } from '../../features/trust/components/block-button.tsx';
import { ReportButton } from '../../features/trust/components/report-button.tsx';

/** /vizinho/{id} with 'Denunciar' and 'Bloquear' (routes/vizinho.tsx loads it with the screen, one chunk). */
export function NeighbourPage() {
  const { id } = useParams({ from: '/app/vizinho/$id' });
  const navigate = useNavigate();
  return (
    <NeighbourScreen
      id={id}
      renderActions={(neighbour) => (
        <>
          {neighbour.canReport ? <ReportButton target={{ userId: neighbour.id }} name={neighbour.fullName} /> : null}
          {/* Blocked: the page is gone for both, home instead. */}
          {neighbour.canBlock ? <BlockButton person={neighbour} onBlocked={() => void navigate({ to: '/' })} /> : null}
        </>
      )}
    />
  );
}
