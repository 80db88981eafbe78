import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title?: ReactNode;
  /** 'h2' where the empty state is all the screen shows (a listing that is gone). */
  titleAs?: 'p' | 'h2';
  /** The muted line under the title. */
  text?: ReactNode;
  /** Links or buttons, side by side under the text. */
  actions?: ReactNode;
  /** The icon's circle in another colour: the listing type's tint or `empty-state-icon-danger`. */
  iconClassName?: string;
  className?: string;
  role?: 'alert';
  /** Anything else, under the text (a lone retry button). */
  children?: ReactNode;
}

/** A list or a screen with nothing to show: the icon in a circle, what is missing, and what to do next. */
export function EmptyState({ icon, title, titleAs: Title = 'p', text, actions, iconClassName, className, role, children }: EmptyStateProps) {
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'} role={role}>
      <span className={iconClassName ? `icon-tile empty-state-icon ${iconClassName}` : 'icon-tile empty-state-icon'} aria-hidden="true">
        {icon}
      </span>
      {title ? <Title className="empty-state-title">{title}</Title> : null}
      {text ? <p className="muted">{text}</p> : null}
      {actions ? <div className="empty-state-actions">{actions}</div> : null}
      {children}
    </div>
  );
}
