import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ShieldAlertIcon } from '../../../components/ui/icons.tsx';

/** /admin for residents without an admin or moderator role. */
export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <div className="status-screen">
      <Card className="status-card">
        <div className="status-icon status-icon-danger">
          <ShieldAlertIcon />
        </div>
        <h1 className="status-title">Acesso Negado</h1>
        <p className="status-text">Você não tem permissão para acessar esta área administrativa.</p>
        <div className="status-actions">
          <Button size="lg" block onClick={() => void navigate({ to: '/' })}>
            Voltar ao início
          </Button>
        </div>
      </Card>
    </div>
  );
}
