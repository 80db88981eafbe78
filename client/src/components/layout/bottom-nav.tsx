import { Link, useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { HomeIcon, PackageIcon, UserIcon, UtensilsIcon, WrenchIcon } from '../ui/icons.tsx';

interface NavItem {
  to: '/' | '/alugueis' | '/comidas' | '/servicos' | '/perfil';
  label: string;
  Icon: ComponentType;
  /** Other screens that belong to this tab (details open from the list, profile sub-screens). */
  matches: (pathname: string) => boolean;
}

const startsWithAny = (pathname: string, prefixes: string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', Icon: HomeIcon, matches: (pathname) => pathname === '/' },
  { to: '/alugueis', label: 'Aluguéis', Icon: PackageIcon, matches: (pathname) => startsWithAny(pathname, ['/alugueis', '/item']) },
  { to: '/comidas', label: 'Comidas', Icon: UtensilsIcon, matches: (pathname) => startsWithAny(pathname, ['/comidas', '/food']) },
  { to: '/servicos', label: 'Serviços', Icon: WrenchIcon, matches: (pathname) => startsWithAny(pathname, ['/servicos', '/service']) },
  {
    to: '/perfil',
    label: 'Perfil',
    Icon: UserIcon,
    matches: (pathname) =>
      startsWithAny(pathname, [
        '/perfil',
        '/anuncios',
        '/anuncio',
        '/meus-pedidos',
        '/gerenciar-pedidos',
        '/cobrancas',
        '/pagamentos',
        '/configuracoes',
        '/notificacoes',
        '/convites',
        '/ajuda',
      ]),
  },
];

/** Fixed at the bottom of main screens (docs/product.md §10.2), above the home indicator on notched phones. */
export function BottomNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav className="bottom-nav" aria-label="Navegação principal">
      <ul>
        {NAV_ITEMS.map(({ to, label, Icon, matches }) => (
          <li key={to}>
            <Link
              to={to}
              className="bottom-nav-link"
              activeOptions={{ exact: true, includeSearch: false }}
              aria-current={matches(pathname) ? 'page' : undefined}
            >
              <span className="bottom-nav-icon">
                <Icon />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
