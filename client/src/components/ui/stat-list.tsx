import type { ReactNode } from 'react';

/** A row of labelled figures (counters on cards and screens): one <dt>/<dd> pair each. */
export function StatList({ className, label, stats }: { className: string; label?: string; stats: [string, ReactNode][] }) {
  return (
    <dl className={className} aria-label={label}>
      {stats.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
