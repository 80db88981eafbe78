import { useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { queryUtils } from '../../../lib/trpc.ts';
import { showErrorToast } from '../../../lib/show-error-toast.ts';

/** 'Baixar meus dados': fetches the export on demand (never cached) and saves it as a JSON file. */
export function useExportMyData() {
  const [isPending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const data = await queryUtils.privacy.exportMine.fetch(undefined, { staleTime: 0, gcTime: 0 });
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `meus-dados-vizinhanca-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success('Seus dados foram baixados.');
    } catch (error) {
      showErrorToast(error, 'Erro ao baixar seus dados: ');
    } finally {
      setPending(false);
    }
  }

  return { download, isPending };
}
