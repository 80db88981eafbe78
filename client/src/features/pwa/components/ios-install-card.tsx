import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { XIcon } from '../../../components/ui/icons.tsx';
import { PlusSquareIcon, ShareIcon } from '../../../components/ui/secondary-icons.tsx';
import { useDismissed } from '../../../hooks/use-dismissed.ts';

/** docs/product.md §5.2: the iOS how-to appears 3 s after opening. */
export const IOS_PROMPT_DELAY_MS = 3_000;

function isIosSafari(): boolean {
  const userAgent = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const otherBrowser = /crios|fxios|edgios|opios/i.test(userAgent);
  return ios && !otherBrowser && /safari/i.test(userAgent);
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** Safari on iOS has no install prompt: a card shows the three taps instead. */
export function IosInstallCard() {
  const [dismissed, dismiss] = useDismissed('vizinhanca:ios-install-dismissed');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (dismissed || !isIosSafari() || isStandalone()) return undefined;
    const timer = window.setTimeout(() => setVisible(true), IOS_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dismissed]);

  if (!visible || dismissed) return null;

  return (
    <div className="ios-card" role="region" aria-labelledby="ios-card-title">
      <div className="ios-card-header">
        <img src="/icons/icon-192.png" alt="" />
        <div className="ios-card-text">
          <p className="ios-card-title" id="ios-card-title">
            Instale o Vizinhança
          </p>
          <p className="muted">Tenha o app na tela inicial do seu iPhone.</p>
        </div>
        <button type="button" className="icon-button" aria-label="Fechar" onClick={dismiss}>
          <XIcon />
        </button>
      </div>
      <ol className="ios-steps">
        <li>
          <span>
            Toque em <strong>Compartilhar</strong> <ShareIcon /> na barra do Safari
          </span>
        </li>
        <li>
          <span>
            Escolha <strong>Adicionar à Tela de Início</strong> <PlusSquareIcon />
          </span>
        </li>
        <li>
          <span>
            Toque em <strong>Adicionar</strong>
          </span>
        </li>
      </ol>
      <Button variant="ghost" size="sm" block className="ios-card-dismiss" onClick={dismiss}>
        Agora não
      </Button>
    </div>
  );
}
