import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { XCircleIcon } from '../../../components/ui/secondary-icons.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';
import { AuthScreen } from './auth-screen.tsx';

/** /convite/{code}: who invited, then sign-up filled in; a used, cancelled or expired code says so. */
export function InviteLandingScreen({ code }: { code: string }) {
  const preview = trpc.invites.preview.useQuery({ code }, { retry: false, staleTime: 0 });

  if (preview.isPending) {
    return (
      <main className="status-screen">
        <span className="spinner spinner-block" role="status" aria-label="Carregando convite" />
      </main>
    );
  }
  if (preview.isError) {
    return (
      <main className="status-screen">
        <div className="status-card">
          <span className="icon-tile status-icon status-icon-danger" aria-hidden="true">
            <XCircleIcon />
          </span>
          <h1 className="status-title">Convite indisponível</h1>
          <p className="status-text">{errorMessage(preview.error)}</p>
          <div className="status-actions">
            <Link to="/auth" className={buttonClassName({ block: true })}>
              Ir para o login
            </Link>
          </div>
        </div>
      </main>
    );
  }
  return <AuthScreen invite={preview.data} />;
}
