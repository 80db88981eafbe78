import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronLeftIcon } from '../ui/icons.tsx';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Where the back arrow leads (each screen's parent in docs/product.md §10). */
  backTo?: string;
  /**
   * The back arrow's place comes from history state the server cannot see (a thread opened from the inbox):
   * an app link (shared/src/first-screen/held-taps.ts), so a tap before the app runs waits for it.
   */
  backFromHistoryState?: boolean;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, backTo, backFromHistoryState = false, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      {backTo ? (
        <Link to={backTo} className="icon-button" aria-label="Voltar" data-app-link={backFromHistoryState ? '' : undefined}>
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
