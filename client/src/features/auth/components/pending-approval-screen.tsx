import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { accountState, type AccountState } from '@vizinhanca/shared/users/user.types';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ClockIcon, LogOutIcon, MailIcon, ShieldAlertIcon } from '../../../components/ui/icons.tsx';
import { RefreshIcon, XCircleIcon } from '../../../components/ui/secondary-icons.tsx';
import { useLogout } from '../../../hooks/use-logout.ts';
import { useSessionUser } from '../../../hooks/use-session-user.ts';

/**
 * /pending-approval (docs/product.md §10.4). The realtime hook refreshes the session when the
 * administration decides, so this screen turns into the home screen by itself.
 */
export function PendingApprovalScreen() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const state: AccountState | null = user ? accountState(user) : null;

  useEffect(() => {
    if (state === 'approved') void navigate({ to: '/', replace: true });
  }, [state, navigate]);

  if (!user || state === 'approved') return null;

  return (
    <main className="status-screen">
      <Card className="status-card">
        {state === 'pending' ? (
          <>
            <div className="icon-tile status-icon status-icon-warning">
              <ClockIcon />
            </div>
            <h1 className="status-title">Cadastro em Análise</h1>
            <p className="status-text">
              Olá, {user.fullName}! Seu cadastro está sendo analisado pela administração do condomínio.
            </p>
            <ul className="status-list">
              <li>
                <MailIcon />
                <span>Você receberá um e-mail assim que seu cadastro for aprovado.</span>
              </li>
              <li>
                <ClockIcon />
                <span>A análise pode levar até 24 horas úteis.</span>
              </li>
              <li>
                <RefreshIcon />
                <span>Pode deixar esta tela aberta: ela se atualiza sozinha quando o cadastro for aprovado.</span>
              </li>
            </ul>
          </>
        ) : state === 'rejected' ? (
          <>
            <div className="icon-tile status-icon status-icon-danger">
              <XCircleIcon />
            </div>
            <h1 className="status-title">Cadastro Não Aprovado</h1>
            <p className="status-text">
              Infelizmente seu cadastro não foi aprovado pela administração do condomínio. Se você acredita que isso é um erro, entre em
              contato com a administração.
            </p>
            {user.rejectionReason ? (
              <p className="reason-box">
                <strong>Motivo</strong>
                {user.rejectionReason}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <div className="icon-tile status-icon status-icon-danger">
              <ShieldAlertIcon />
            </div>
            <h1 className="status-title">Conta suspensa</h1>
            <p className="status-text">
              Sua conta está suspensa e não pode usar o app no momento. Entre em contato com a administração do condomínio para mais
              informações.
            </p>
          </>
        )}
        <div className="status-actions">
          <Button variant="outline" size="lg" block loading={logout.isPending} onClick={() => logout.mutate()}>
            <LogOutIcon />
            Sair
          </Button>
        </div>
      </Card>
    </main>
  );
}
