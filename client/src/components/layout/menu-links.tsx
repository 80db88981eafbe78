import { Link } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { ChevronRightIcon } from '../ui/icons.tsx';

export interface MenuLink {
  to: '/privacidade' | '/sobre' | '/salvos' | '/configuracoes' | '/convites' | '/pagamentos' | '/ajuda' | '/comunicados';
  label: string;
  Icon: ComponentType;
}

/** A card-like list of links to other screens, each with an icon and a chevron; `children`: <li>s before them. */
export function MenuLinks({ items, label, children }: { items: MenuLink[]; label?: string; children?: ReactNode }) {
  return (
    <ul className="row-list" aria-label={label}>
      {children}
      {items.map(({ to, label: text, Icon }) => (
        <li key={to}>
          <Link to={to} className="menu-item">
            <Icon />
            <span className="menu-item-label">{text}</span>
            <ChevronRightIcon />
          </Link>
        </li>
      ))}
    </ul>
  );
}
