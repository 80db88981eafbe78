import { Link } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.constants';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { useSignInWithLink } from '../hooks/use-sign-in-link.ts';
import { AuthHero } from './auth-hero.tsx';

/**
 * /entrar-com-link?token=...: the target of the e-mailed sign-in link. The link is used only
 * when the person taps 'Entrar' (a mail scanner opening the page does not spend it).
 */
export function SignInLinkScreen({ token }: { token: string }) {
  const signIn = useSignInWithLink();
  const problem = !token ? AUTH_MESSAGES.signInLinkInvalid : signIn.isError ? errorMessage(signIn.error) : undefined;

  return (
    <div className="auth-screen">
      <AuthHero />
      <main>
        <Card className="auth-card">
          <div className="form">
            <div>
              <h1 className="auth-card-heading">Entrar com link de acesso</h1>
              <p className="auth-card-text">O link vale uma vez só. Este aparelho passa a ser reconhecido na sua conta.</p>
            </div>
            {problem ? (
              <div className="notice notice-danger" role="alert">
                <AlertCircleIcon />
                <span>{problem}</span>
              </div>
            ) : null}
            {token && !signIn.isError ? (
              <Button type="button" size="lg" block loading={signIn.isPending || signIn.isSuccess} onClick={() => signIn.mutate({ token })}>
                Entrar
              </Button>
            ) : null}
            <Link to="/auth" className={buttonClassName({ variant: 'ghost', block: true })}>
              Voltar para o login
            </Link>
          </div>
        </Card>
      </main>
    </div>
  );
}
