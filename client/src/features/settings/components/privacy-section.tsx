import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronRightIcon, DownloadIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { useExportMyData } from '../hooks/use-export-my-data.ts';
import { SettingsSection } from './settings-screen.tsx';

/** Privacidade e Segurança: the privacy page and 'Baixar meus dados' (LGPD). */
export function PrivacySection() {
  const exportData = useExportMyData();
  return (
    <SettingsSection id="settings-privacy" title="Privacidade e Segurança">
      <ul className="menu-list">
        <li>
          <Link to="/privacidade" className="menu-item">
            <ShieldIcon />
            <span className="menu-item-label">Política de privacidade</span>
            <ChevronRightIcon />
          </Link>
        </li>
      </ul>
      <Button variant="outline" block loading={exportData.isPending} onClick={() => void exportData.download()}>
        <DownloadIcon />
        Baixar meus dados
      </Button>
    </SettingsSection>
  );
}
