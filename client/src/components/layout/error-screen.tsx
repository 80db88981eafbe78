import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/show-error-toast.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { AlertCircleIcon } from '../ui/icons.tsx';

/** A screen that could not load (offline, server down): say so in pt-BR and offer to try again. */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <div className="status-screen">
      <Card className="status-card">
        <div className="status-icon status-icon-danger">
          <AlertCircleIcon />
        </div>
        <h1 className="status-title">Não foi possível carregar</h1>
        <p className="status-text">{errorMessage(error)}</p>
        <div className="status-actions">
          <Button size="lg" block onClick={() => void router.invalidate()}>
            Tentar novamente
          </Button>
        </div>
      </Card>
    </div>
  );
}
