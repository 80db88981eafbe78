import { useParams } from '@tanstack/react-router';
import { FornadaListScreen } from '../../features/fornadas/components/fornada-list-screen.tsx';

/** /fornada/{id} (routes/fornada.tsx loads it with the screen, one chunk). */
export function FornadaListPage() {
  const { id } = useParams({ from: '/app/fornada/$id' });
  return <FornadaListScreen id={id} />;
}
