import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { BrandMark } from '../../../components/ui/icons.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

type AuthTab = 'login' | 'signup';

const TABS = [
  { value: 'login', label: 'Entrar' },
  { value: 'signup', label: 'Cadastrar' },
] as const;

/** /auth (docs/product.md §10.3): brand, tagline, and the login / sign-up tabs. */
export function AuthScreen() {
  const [tab, setTab] = useState<AuthTab>('login');
  const [forgotPassword, setForgotPassword] = useState(false);

  return (
    <div className="auth-screen">
      <header className="auth-hero">
        <div className="brand-badge" aria-hidden="true">
          <BrandMark />
        </div>
        <h1 className="brand-title">Vizinhança</h1>
        <p className="brand-tagline">Conectando moradores para compartilhar recursos</p>
      </header>

      <main>
        <Card className="auth-card">
          <Tabs idPrefix="auth" label="Entrar ou cadastrar" value={tab} items={TABS} onChange={setTab} />
          <TabPanel idPrefix="auth" value={tab}>
            {tab === 'signup' ? (
              <SignUpForm />
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
