import { useNavigate } from '@tanstack/react-router';
import { StatusScreen } from '../../../components/layout/status-screen.tsx';
import { ShieldAlertIcon } from '../../../components/ui/icons.tsx';

/** /admin for residents without an admin or moderator role. */
export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      icon={<ShieldAlertIcon />}
      title="Acesso Negado"
      text="Você não tem permissão para acessar esta área administrativa."
      actionLabel="Voltar ao início"
      onAction={() => void navigate({ to: '/' })}
    />
  );
}
