import { useState } from 'react';
import { APARTMENT_MAX_LENGTH } from '@vizinhanca/shared/auth/auth.constants';
import type { InvitePreview } from '@vizinhanca/shared/invites/invite.schema';
import { signUpApartmentFrom } from '@vizinhanca/shared/invites/invite.rules';
import { Card } from '../../../components/ui/card.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { AuthHero } from './auth-hero.tsx';

type AuthTab = 'login' | 'signup';

const TABS = [
  { value: 'login', label: 'Entrar' },
  { value: 'signup', label: 'Cadastrar' },
] as const;

/** /auth (docs/product.md §10.3): brand, tagline, and the login / sign-up tabs; from an invite link (/convite/{code}) it opens on sign-up, filled in. */
export function AuthScreen({ invite }: { invite?: InvitePreview } = {}) {
  const [tab, setTab] = useState<AuthTab>(invite ? 'signup' : 'login');
  const [forgotPassword, setForgotPassword] = useState(false);

  return (
    <div className="auth-screen">
      <AuthHero nameIsHeading />

      <main>
        {invite ? (
          <p className="notice notice-success auth-invite" role="status">
            {invite.inviterName} convidou você para o Vizinhança. Crie sua conta abaixo: a administração do condomínio aprova o cadastro.
          </p>
        ) : null}
        <Card className="auth-card">
          <Tabs idPrefix="auth" label="Entrar ou cadastrar" value={tab} items={TABS} onChange={setTab} />
          <TabPanel idPrefix="auth" value={tab}>
            {tab === 'signup' ? (
              <SignUpForm
                inviteCode={invite?.code}
                initial={invite ? { email: invite.email ?? '', apartment: signUpApartmentFrom(invite.apartment, APARTMENT_MAX_LENGTH) } : undefined}
              />
            ) : forgotPassword ? (
              <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
            ) : (
              <LoginForm onForgotPassword={() => setForgotPassword(true)} />
            )}
          </TabPanel>
        </Card>
      </main>

      <footer className="auth-footer">
        <p>Somente moradores aprovados pela administração do condomínio têm acesso.</p>
      </footer>
    </div>
  );
}
