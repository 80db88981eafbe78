import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon, XIcon } from '../../../components/ui/icons.tsx';
import { useDismissed } from '../../../hooks/use-dismissed.ts';
import { canInstall, promptInstall, subscribeToInstallPrompt } from '../install-prompt.ts';

export function InstallBanner() {
  const installable = useSyncExternalStore(subscribeToInstallPrompt, canInstall, () => false);
  const [dismissed, dismiss] = useDismissed('vizinhanca:install-banner-dismissed');
  if (!installable || dismissed) return null;
  return (
    <div className="banner banner-install" role="region" aria-label="Instalar o aplicativo">
      <DownloadIcon />
      <p className="banner-text">Instale o Vizinhança na sua tela inicial.</p>
      <Button size="sm" onClick={() => void promptInstall()}>
        Instalar
      </Button>
      <button type="button" className="icon-button" aria-label="Dispensar" onClick={dismiss}>
        <XIcon />
      </button>
    </div>
  );
}
