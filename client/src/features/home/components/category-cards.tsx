import { Link } from '@tanstack/react-router';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import type { ComponentType } from 'react';
import { PackageIcon, UtensilsIcon, WrenchIcon } from '../../../components/ui/icons.tsx';
import { categoryCountText, useCategoryCounts } from '../hooks/use-category-counts.ts';
import '../home.css';

interface Category {
  type: ListingType;
  to: '/alugueis' | '/comidas' | '/servicos';
  name: string;
  description: string;
  className: string;
  Icon: ComponentType;
}

const CATEGORIES: Category[] = [
  { type: 'rental', to: '/alugueis', name: 'Aluguéis', description: 'Itens para alugar', className: 'type-rental', Icon: PackageIcon },
  { type: 'food', to: '/comidas', name: 'Comidas', description: 'Feitas pelos vizinhos', className: 'type-food', Icon: UtensilsIcon },
  { type: 'service', to: '/servicos', name: 'Serviços', description: 'Ajuda de quem mora perto', className: 'type-service', Icon: WrenchIcon },
];

export function CategoryCards() {
  const counts = useCategoryCounts();
  return (
    <section className="section" aria-labelledby="categories-title">
      <h2 className="visually-hidden" id="categories-title">
        Categorias
      </h2>
      <div className="columns category-grid">
        {CATEGORIES.map(({ type, to, name, description, className, Icon }) => (
          <Link key={to} to={to} className={`card card-link category-card ${className}`}>
            <span className="icon-tile icon-tile-type category-icon">
              <Icon />
            </span>
            <span className="category-name">{name}</span>
            <span className="category-description">{description}</span>
            <span className={`category-count${counts.data ? '' : ' category-count-loading'}`}>
              {counts.data ? categoryCountText(type, counts.data[type]) : <span className="visually-hidden">Carregando</span>}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
