import type { ReactNode } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LogOutIcon } from '../../../components/ui/icons.tsx';
import { useLogout } from '../../../hooks/use-logout.ts';
import '../settings.css';

/** /configuracoes (2.22): the sections the route composes, then 'Sair' and the version label. */
export function SettingsScreen({ children }: { children: ReactNode }) {
  const logout = useLogout();
  return (
    <AppScreen header={<PageHeader title="Configurações" backTo="/perfil" />}>
      {children}
      <Button variant="danger-outline" size="lg" block loading={logout.isPending} onClick={() => logout.mutate()}>
        <LogOutIcon />
        Sair
      </Button>
      <p className="settings-version">Vizinhança v{__APP_VERSION__}</p>
    </AppScreen>
  );
}
