import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { LISTING_VALIDITY_DAYS } from '@vizinhanca/shared/listings/listing.rules';
import { ChevronRightIcon, PackageIcon, UtensilsIcon, WrenchIcon } from '../../../components/ui/icons.tsx';
import { SparklesIcon } from '../../../components/ui/secondary-icons.tsx';
import '../../../looks.css';
import '../listing-editor.css';

interface CategoryChoice {
  type: ListingType;
  name: string;
  description: string;
  examples: string;
  Icon: ComponentType;
}

/** The three categories of step 1 (docs/product.md §10.11), with examples of what fits each. */
export const CATEGORY_CHOICES: CategoryChoice[] = [
  {
    type: 'rental',
    name: 'Aluguel de Itens',
    description: 'Alugue o que fica parado em casa, por dia.',
    examples: 'Furadeira, escada, bicicleta, carrinho de bebê',
    Icon: PackageIcon,
  },
  {
    type: 'food',
    name: 'Comidas',
    description: 'Venda o que você cozinha para quem mora perto.',
    examples: 'Bolos, marmitas, salgados, doces caseiros',
    Icon: UtensilsIcon,
  },
  {
    type: 'service',
    name: 'Serviços',
    description: 'Ofereça o que você sabe fazer, por hora ou por serviço.',
    examples: 'Aulas, pequenos reparos, passeio com cães, costura',
    Icon: WrenchIcon,
  },
];

export function categoryName(type: ListingType): string {
  return CATEGORY_CHOICES.find((choice) => choice.type === type)?.name ?? '';
}

/** Step 1: each card opens step 2 through ?category=, so the back arrow (and the phone's back) returns here. */
export function CategoryStep() {
  return (
    <>
      <div className="editor-intro">
        <h2 className="editor-intro-title">O que você quer anunciar?</h2>
        <p className="editor-intro-text">Escolha a categoria do seu anúncio.</p>
      </div>

      <ul className="stack-list">
        {CATEGORY_CHOICES.map(({ type, name, description, examples, Icon }) => (
          <li key={type}>
            <Link to="/anuncios/criar" search={{ category: type }} className={`card card-link editor-category type-${type}`}>
              <span className="icon-tile icon-tile-type editor-category-icon">
                <Icon />
              </span>
              <span className="editor-category-text">
                <span className="editor-category-name">{name}</span>
                <span className="editor-category-description">{description}</span>
                <span className="editor-category-examples">Ex: {examples}</span>
              </span>
              <ChevronRightIcon className="editor-category-chevron" />
            </Link>
          </li>
        ))}
      </ul>

      <p className="notice notice-success editor-free-note">
        <SparklesIcon />
        <span>
          <strong>Anúncios gratuitos por tempo limitado.</strong> Cada anúncio fica ativo por {LISTING_VALIDITY_DAYS} dias após a aprovação do
          administrador, e você pode renová-lo quando quiser.
        </span>
      </p>
    </>
  );
}
