import type { HTMLAttributes } from 'react';

export type BadgeVariant = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info' | 'purple';

export function Badge({ variant = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={`badge badge-${variant}${className ? ` ${className}` : ''}`} {...props} />;
}

/** The small red counter on bells and tiles; hidden when there is nothing to count. */
export function CountBadge({ count, srLabel }: { count: number; srLabel: (count: number) => string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{srLabel(count)}</span>
    </span>
  );
}
