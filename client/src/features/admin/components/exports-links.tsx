import { buttonClassName } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';

const EXPORTS = [
  { file: 'usuarios', label: 'Usuários' },
  { file: 'anuncios', label: 'Anúncios' },
  { file: 'pedidos', label: 'Pedidos' },
  { file: 'atividade', label: 'Atividade' },
] as const;

/** CSV downloads for administrators, as a Brazilian spreadsheet opens them (the server streams them). */
export function ExportsLinks() {
  return (
    <section className="section" aria-labelledby="admin-exports-title">
      <div className="section-header">
        <h2 className="section-title" id="admin-exports-title">
          Exportar (CSV)
        </h2>
      </div>
      <div className="admin-exports">
        {EXPORTS.map(({ file, label }) => (
          <a key={file} className={buttonClassName({ variant: 'outline', size: 'sm' })} href={`/exports/${file}.csv`} download>
            <DownloadIcon />
            {label}
          </a>
        ))}
      </div>
    </section>
  );
}
