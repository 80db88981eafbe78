import { toast } from '../components/ui/toast-store.ts';
import { loadFailedMessage } from './show-error-toast.ts';

/**
 * A shared Zod schema module loaded on demand (docs/decisions/013-first-screen.md): a form
 * starts the download when it first gets focus and waits for it on submit, so no screen's
 * first load carries Zod. The server validates with the same schemas and the same pt-BR texts.
 */
export function schemasOnDemand<T>(importSchemas: () => Promise<T>) {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= importSchemas().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    /** On the form's first focus: the download runs while the person types. */
    preload: (): void => void get().catch(() => undefined),
    /** On submit: the schemas, or null after a pt-BR toast when they could not load (offline). */
    load: (): Promise<T | null> =>
      get().catch(() => {
        toast.error(loadFailedMessage());
        return null;
      }),
  };
}
