import type { HTMLAttributes } from 'react';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`card${className ? ` ${className}` : ''}`} {...props} />;
}
