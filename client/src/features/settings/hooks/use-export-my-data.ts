import { useJsonDownload } from '../../../hooks/use-json-download.ts';
import { queryUtils } from '../../../lib/trpc.ts';

/** 'Baixar meus dados': fetches the export on demand (never cached) and saves it as a JSON file. */
export function useExportMyData() {
  return useJsonDownload(
    async () => {
      const data = await queryUtils.privacy.exportMine.fetch(undefined, { staleTime: 0, gcTime: 0 });
      return { fileName: `meus-dados-vizinhanca-${data.exportedAt.slice(0, 10)}.json`, data };
    },
    { done: 'Seus dados foram baixados.', errorPrefix: 'Erro ao baixar seus dados: ' },
  );
}
