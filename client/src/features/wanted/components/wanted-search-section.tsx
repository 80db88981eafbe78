import { Link } from '@tanstack/react-router';
import { WANTED_SEARCH_LIMIT } from '@vizinhanca/shared/wanted/wanted.rules';
import { trpc } from '../../../lib/trpc.ts';
import { WantedCard } from './wanted-card.tsx';

/** The search's 'Procura-se' section (/busca): open requests matching the words, above the listings. */
export function WantedSearchSection({ search }: { search: string }) {
  const found = trpc.wanted.list.useQuery({ search, limit: WANTED_SEARCH_LIMIT });
  const items = found.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="busca-procura-se-titulo">
      <h2 className="wanted-section-title" id="busca-procura-se-titulo">
        Procura-se
      </h2>
      <ul className="stack-list" aria-label="Pedidos encontrados">
        {items.map((request) => (
          <li key={request.id}>
            <WantedCard request={request} />
          </li>
        ))}
      </ul>
      {found.data?.nextCursor ? (
        <Link to="/procura-se" className="wanted-card-facts">
          Ver todos os pedidos
        </Link>
      ) : null}
      <h2 className="wanted-section-title">Anúncios</h2>
    </section>
  );
}
