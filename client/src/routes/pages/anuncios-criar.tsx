import { useSearch } from '@tanstack/react-router';
import { ListingEditorScreen } from '../../features/listing-editor/components/listing-editor-screen.tsx';

/** /anuncios/criar?category=&edit= (routes/anuncios-criar.tsx loads it with the editor, one chunk). */
export function CreateListingPage() {
  const { category, edit, procura } = useSearch({ from: '/app/anuncios/criar' });
  return <ListingEditorScreen category={category} editId={edit} wantedRequestId={procura} />;
}
