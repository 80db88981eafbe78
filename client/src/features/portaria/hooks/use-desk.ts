import { useState } from 'react';
import type { DeskLookup, DeskStep } from '@vizinhanca/shared/portaria/portaria.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/**
 * The desk's two calls: what a typed code opens, and its next step. The code
 * and what it opened are kept only on this screen, and forgotten after each step.
 */
export function useDesk() {
  const [found, setFound] = useState<{ code: string; handover: DeskLookup } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lookup = trpc.portaria.lookup.useMutation({
    meta: { silentError: true },
    onSuccess: (handover, { code }) => {
      setError(null);
      setFound({ code, handover });
    },
    onError: (failure) => {
      setFound(null);
      setError(errorMessage(failure));
    },
  });
  const advance = trpc.portaria.advance.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
      setFound(null);
    },
    onError: (failure) => {
      toast.error(errorMessage(failure), { title: 'Erro ao registrar' });
    },
  });
  return {
    found,
    error,
    searching: lookup.isPending,
    advancing: advance.isPending,
    search: (code: string) => lookup.mutate({ code }),
    advance: (step: DeskStep) => {
      if (found) advance.mutate({ code: found.code, step });
    },
    clear: () => {
      setFound(null);
      setError(null);
    },
  };
}
