import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { PackageIcon, UtensilsIcon, WrenchIcon } from '../../../components/ui/icons.tsx';

interface Category {
  to: '/alugueis' | '/comidas' | '/servicos';
  name: string;
  description: string;
  className: string;
  Icon: ComponentType;
}

const CATEGORIES: Category[] = [
  { to: '/alugueis', name: 'Aluguéis', description: 'Itens para alugar', className: 'category-rental', Icon: PackageIcon },
  { to: '/comidas', name: 'Comidas', description: 'Feitas pelos vizinhos', className: 'category-food', Icon: UtensilsIcon },
  { to: '/servicos', name: 'Serviços', description: 'Ajuda de quem mora perto', className: 'category-service', Icon: WrenchIcon },
];

export function CategoryCards() {
  return (
    <section className="section" aria-labelledby="categories-title">
      <h2 className="visually-hidden" id="categories-title">
        Categorias
      </h2>
      <div className="category-grid">
        {CATEGORIES.map(({ to, name, description, className, Icon }) => (
          <Link key={to} to={to} className={`category-card ${className}`}>
            <span className="category-icon">
              <Icon />
            </span>
            <span className="category-name">{name}</span>
            <span className="category-description">{description}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
