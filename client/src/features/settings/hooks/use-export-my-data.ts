import { useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { downloadJson } from '../../../lib/download-json.ts';
import { queryUtils } from '../../../lib/trpc.ts';
import { showErrorToast } from '../../../lib/show-error-toast.ts';

/** 'Baixar meus dados': fetches the export on demand (never cached) and saves it as a JSON file. */
export function useExportMyData() {
  const [isPending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const data = await queryUtils.privacy.exportMine.fetch(undefined, { staleTime: 0, gcTime: 0 });
      downloadJson(`meus-dados-vizinhanca-${data.exportedAt.slice(0, 10)}.json`, data);
      toast.success('Seus dados foram baixados.');
    } catch (error) {
      showErrorToast(error, 'Erro ao baixar seus dados: ');
    } finally {
      setPending(false);
    }
  }

  return { download, isPending };
}
