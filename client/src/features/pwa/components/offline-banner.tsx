import { WifiOffIcon } from '../../../components/ui/icons.tsx';
import { useOnlineStatus } from '../hooks/use-online-status.ts';

export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="banner banner-offline" role="status">
      <WifiOffIcon />
      <p className="banner-text">Você está offline. Algumas funcionalidades podem estar limitadas.</p>
    </div>
  );
}
