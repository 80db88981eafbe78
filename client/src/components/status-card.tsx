import type { ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { AlertCircleIcon } from './ui/icons.tsx';

interface StatusCardProps {
  /** warning: the thing is not there (not found, not allowed); danger: it could not load. */
  tone: 'warning' | 'danger';
  title: string;
  text?: string;
  className?: string;
  /** The ways forward (full-width buttons or links), if any. */
  children?: ReactNode;
}

/** A screen's content that could not be shown: an alert icon, why, and the ways forward. */
export function StatusCard({ tone, title, text, className, children }: StatusCardProps) {
  return (
    <Card className={className ? `status-card ${className}` : 'status-card'}>
      <div className={`icon-tile status-icon status-icon-${tone}`}>
        <AlertCircleIcon />
      </div>
      <h2 className="status-title">{title}</h2>
      {text ? <p className="status-text">{text}</p> : null}
      {children ? <div className="status-actions">{children}</div> : null}
    </Card>
  );
}
