import { buttonClassName } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { AdminPanel } from './admin-panel.tsx';

const EXPORTS = [
  { file: 'usuarios', label: 'Usuários' },
  { file: 'anuncios', label: 'Anúncios' },
  { file: 'pedidos', label: 'Pedidos' },
  { file: 'atividade', label: 'Atividade' },
] as const;

/** CSV downloads for administrators, as a Brazilian spreadsheet opens them (the server streams them). */
export function ExportsLinks() {
  return (
    <AdminPanel titleId="admin-exports-title" title="Exportar (CSV)">
      <div className="admin-exports">
        {EXPORTS.map(({ file, label }) => (
          <a key={file} className={buttonClassName({ variant: 'outline', size: 'sm' })} href={`/exports/${file}.csv`} download>
            <DownloadIcon />
            {label}
          </a>
        ))}
      </div>
    </AdminPanel>
  );
}
