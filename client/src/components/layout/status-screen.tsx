import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';

interface StatusScreenProps {
  icon: ReactNode;
  title: string;
  text: string;
  /** The one way forward, a full-width button. */
  actionLabel: string;
  onAction: () => void;
}

/** A whole screen that stops the visit (could not load, no access): a danger icon, why, and one way forward. */
export function StatusScreen({ icon, title, text, actionLabel, onAction }: StatusScreenProps) {
  return (
    <main className="status-screen">
      <Card className="status-card">
        <div className="icon-tile status-icon status-icon-danger">{icon}</div>
        <h1 className="status-title">{title}</h1>
        <p className="status-text">{text}</p>
        <div className="status-actions">
          <Button size="lg" block onClick={onAction}>
            {actionLabel}
          </Button>
        </div>
      </Card>
    </main>
  );
}
