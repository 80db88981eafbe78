import { Button } from '../../../components/ui/button.tsx';
import { AlertCircleIcon, MailIcon } from '../../../components/ui/icons.tsx';
import { useRequestSignInLink } from '../hooks/use-sign-in-link.ts';

/**
 * Shown when the login is slowed by too many attempts (maybe someone else's): the owner
 * still gets in on this browser through a link e-mailed to the account.
 */
export function SignInLinkOffer({ email, refusal }: { email: string; refusal: string }) {
  const requestLink = useRequestSignInLink();
  return (
    <div className="sign-in-link-offer">
      <p className="notice notice-danger" role="alert">
        <AlertCircleIcon />
        <span>{refusal}</span>
      </p>
      <p className="auth-card-text">Se a conta é sua, você pode entrar neste aparelho por um link enviado ao e-mail da conta, sem esperar.</p>
      {requestLink.isSuccess ? (
        <p className="notice notice-success" role="status">
          <MailIcon />
          <span>{requestLink.data.message}</span>
        </p>
      ) : (
        <Button type="button" variant="secondary" block loading={requestLink.isPending} onClick={() => requestLink.mutate({ email })}>
          Receber link de acesso por e-mail
        </Button>
      )}
    </div>
  );
}
