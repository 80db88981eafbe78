import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronLeftIcon } from '../ui/icons.tsx';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Where the back arrow leads (each screen's parent in docs/product.md §10). */
  backTo?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, backTo, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      {backTo ? (
        <Link to={backTo} className="icon-button" aria-label="Voltar">
          <ChevronLeftIcon />
        </Link>
      ) : null}
      <div className="page-header-text">
        <h1 className="page-header-title">{title}</h1>
        {subtitle ? <p className="page-header-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </header>
  );
}
