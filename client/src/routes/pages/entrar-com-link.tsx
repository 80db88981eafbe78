import { useSearch } from '@tanstack/react-router';
import { SignInLinkScreen } from '../../features/auth/components/sign-in-link-screen.tsx';

/** /entrar-com-link?token= (routes/entrar-com-link.tsx loads it with the screen, one chunk). */
export function SignInLinkPage() {
  const { token } = useSearch({ from: '/entrar-com-link' });
  return <SignInLinkScreen token={token ?? ''} />;
}
