import { useSearch } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../features/auth/components/reset-password-screen.tsx';

/** /redefinir-senha?token= (routes/redefinir-senha.tsx loads it with the screen, one chunk). */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/redefinir-senha' });
  return <ResetPasswordScreen token={token ?? ''} />;
}
