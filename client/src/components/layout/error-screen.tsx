import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/show-error-toast.ts';
import { AlertCircleIcon } from '../ui/icons.tsx';
import { StatusScreen } from './status-screen.tsx';

/** A screen that could not load (offline, server down): say so in pt-BR and offer to try again. */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <StatusScreen
      icon={<AlertCircleIcon />}
      title="Não foi possível carregar"
      text={errorMessage(error)}
      actionLabel="Tentar novamente"
      onAction={() => void router.invalidate()}
    />
  );
}
