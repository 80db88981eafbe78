import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { ChevronRightIcon } from '../ui/icons.tsx';

export interface MenuLink {
  to: '/privacidade' | '/sobre';
  label: string;
  Icon: ComponentType;
}

/** A card-like list of links to other screens, each with an icon and a chevron. */
export function MenuLinks({ items, label }: { items: MenuLink[]; label?: string }) {
  return (
    <ul className="row-list" aria-label={label}>
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
