import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav.tsx';

/** A regular signed-in screen: its header, its content and the bottom navigation. */
export function AppScreen({ header, children }: { header: ReactNode; children?: ReactNode }) {
  return (
    <div className="screen screen-with-nav">
      {header}
      <main className="screen-main">{children}</main>
      <BottomNav />
    </div>
  );
}
