import { useState } from 'react';
import { toast } from '../components/ui/toast-store.ts';
import { downloadJson } from '../lib/download-json.ts';
import { showErrorToast } from '../lib/show-error-toast.ts';

/** LGPD exports: fetched on demand (never cached), saved as a JSON file, one toast either way. */
export function useJsonDownload<Args extends unknown[]>(
  fetchFile: (...args: Args) => Promise<{ fileName: string; data: unknown }>,
  texts: { done: string; errorPrefix: string },
) {
  const [isPending, setPending] = useState(false);

  async function download(...args: Args) {
    setPending(true);
    try {
      const { fileName, data } = await fetchFile(...args);
      downloadJson(fileName, data);
      toast.success(texts.done);
    } catch (error) {
      showErrorToast(error, texts.errorPrefix);
    } finally {
      setPending(false);
    }
  }

  return { download, isPending };
}
