import { INVITE_MESSAGES } from '@vizinhanca/shared/invites/invite.schema';
import { inviteLink } from '@vizinhanca/shared/invites/invite.rules';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ShareIcon } from '../../../components/ui/secondary-icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';

/** The quick-invite box: the resident's own shareable link, to copy or send through the phone's share sheet. */
export function QuickInvite({ shareCode }: { shareCode: string }) {
  // The page's own address: the server that drew it does not know which one the browser used.
  const hydrated = useHydrated();
  const link = hydrated ? inviteLink(window.location.origin, shareCode) : '';
  const canShare = hydrated && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(INVITE_MESSAGES.linkCopied);
    } catch {
      toast.error('Não foi possível copiar. Selecione o link e copie manualmente.');
    }
  }

  async function share() {
    try {
      await navigator.share({ title: 'Vizinhança', text: 'Entre no app dos vizinhos do nosso condomínio:', url: link });
    } catch {
      // Closing the share sheet is not an error worth telling.
    }
  }

  return (
    <Card className="invite-quick">
      <h2 className="section-title">Convite rápido</h2>
      <p className="muted">Compartilhe o seu link: quem se cadastrar por ele aparece como convidado por você.</p>
      <label className="field-label" htmlFor="invite-share-link">
        Seu link de convite
      </label>
      <input id="invite-share-link" className="input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      <div className="invite-quick-actions">
        <Button variant="outline" onClick={() => void copy()}>
          Copiar link
        </Button>
        {canShare ? (
          <Button variant="outline" onClick={() => void share()}>
            <ShareIcon />
            Compartilhar
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
