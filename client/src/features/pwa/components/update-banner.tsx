import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { RefreshIcon } from '../../../components/ui/secondary-icons.tsx';
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from '../service-worker.ts';

export function UpdateBanner() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className="banner banner-update" role="status">
      <RefreshIcon />
      <p className="banner-text">Nova versão disponível!</p>
      <Button variant="secondary" size="sm" onClick={applyUpdate}>
        Atualizar
      </Button>
    </div>
  );
}
