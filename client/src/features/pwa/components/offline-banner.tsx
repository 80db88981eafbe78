import { useSyncExternalStore } from 'react';
import { formatDateTime } from '@vizinhanca/shared/format/format';
import { WifiOffIcon } from '../../../components/ui/secondary-icons.tsx';
import { lastSyncedAt, subscribeToSync } from '../../../lib/query-persistence.ts';
import { useOnlineStatus } from '../../../hooks/use-online-status.ts';

/** Offline: what is on screen is the last data saved on this device, and actions need the network. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const syncedAt = useSyncExternalStore(subscribeToSync, lastSyncedAt, () => null);
  if (online) return null;
  return (
    <div className="banner banner-offline" role="status">
      <WifiOffIcon />
      <p className="banner-text">
        Você está offline.{' '}
        {syncedAt ? `Mostrando dados salvos em ${formatDateTime(new Date(syncedAt))}. ` : ''}
        Ações como enviar, aprovar ou pedir precisam de internet.
      </p>
    </div>
  );
}
