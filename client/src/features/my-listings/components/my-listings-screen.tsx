import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { PackageIcon, PlusIcon, UtensilsIcon, WrenchIcon } from '../../../components/ui/icons.tsx';
import { InboxIcon, MegaphoneIcon } from '../../../components/ui/secondary-icons.tsx';
import { useMyListings } from '../hooks/use-my-listings.ts';
import { MyListingCard } from './my-listing-card.tsx';
import '../../../looks.css';
import '../my-listings.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useNow } from '../../../hooks/use-now.ts';

interface Shortcut {
  label: string;
  to: '/gerenciar-pedidos' | '/anuncios/criar';
  search?: { category: 'rental' | 'food' | 'service' };
  tone: string;
  Icon: ComponentType;
}

/** docs/product.md §10.10: received orders and a new listing of each type, one tap away. */
const SHORTCUTS: Shortcut[] = [
  { label: 'Pedidos', to: '/gerenciar-pedidos', tone: 'orders', Icon: InboxIcon },
  { label: 'Novo Item', to: '/anuncios/criar', search: { category: 'rental' }, tone: 'rental', Icon: PackageIcon },
  { label: 'Novo Serviço', to: '/anuncios/criar', search: { category: 'service' }, tone: 'service', Icon: WrenchIcon },
  { label: 'Novo Prato', to: '/anuncios/criar', search: { category: 'food' }, tone: 'food', Icon: UtensilsIcon },
];

/** /anuncios (docs/product.md §10.10). */
export function MyListingsScreen() {
  const { counters, items } = useMyListings();
  const now = useNow();

  return (
    <AppScreen
      header={
        <PageHeader
          title="Meus Anúncios"
          backTo="/perfil"
          actions={
            <Link to="/anuncios/criar" className={buttonClassName({ size: 'sm' })}>
              <PlusIcon />
              Criar
            </Link>
          }
        />
      }
    >
      <dl className="columns counter-figures owner-counters" aria-label="Resumo dos anúncios">
        <div className="card owner-counter">
          <dt>Total</dt>
          <dd>{counters.total}</dd>
        </div>
        <div className="card owner-counter owner-counter-active">
          <dt>Ativos</dt>
          <dd>{counters.active}</dd>
        </div>
        <div className="card owner-counter owner-counter-inactive">
          <dt>Inativos</dt>
          <dd>{counters.inactive}</dd>
        </div>
      </dl>

      <nav className="columns owner-shortcuts" aria-label="Atalhos">
        {SHORTCUTS.map(({ label, to, search, tone, Icon }) => (
          <Link key={label} to={to} search={search} className={`owner-shortcut ${tone === 'orders' ? 'owner-shortcut-orders' : `type-${tone}`}`}>
            <span className="icon-tile icon-tile-type">
              <Icon />
            </span>
            {label}
          </Link>
        ))}
      </nav>

      <section className="section" aria-labelledby="my-listings-title">
        <div className="section-header">
          <h2 className="section-title" id="my-listings-title">
            Seus anúncios
          </h2>
        </div>
        {items.length ? (
          <ul className="stack-list owner-list">
            {items.map((listing) => (
              <li key={listing.id}>
                <MyListingCard listing={listing} now={now} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<MegaphoneIcon />}
            title="Nenhum anúncio criado"
            text="Anuncie um item, um prato ou um serviço para os seus vizinhos."
            actions={
              <Link to="/anuncios/criar" className={buttonClassName()}>
                <PlusIcon />
                Criar Anúncio
              </Link>
            }
          />
        )}
      </section>
    </AppScreen>
  );
}
