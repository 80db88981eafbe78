import { MenuLinks } from '../../../components/layout/menu-links.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { useExportMyData } from '../hooks/use-export-my-data.ts';
import { TitledSection } from '../../../components/layout/titled-section.tsx';

/** Privacidade e Segurança: the privacy page and 'Baixar meus dados' (LGPD). */
export function PrivacySection() {
  const exportData = useExportMyData();
  return (
    <TitledSection titleId="settings-privacy" title="Privacidade e Segurança">
      <MenuLinks items={[{ to: '/privacidade', label: 'Política de privacidade', Icon: ShieldIcon }]} />
      <Button variant="outline" block loading={exportData.isPending} onClick={() => void exportData.download()}>
        <DownloadIcon />
        Baixar meus dados
      </Button>
    </TitledSection>
  );
}
