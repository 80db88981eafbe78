import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { buttonClassName } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';

/** Unknown paths: the spec gives this page in English and asks for the path in the console. */
export function NotFoundScreen() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="status-screen" lang="en">
      <Card className="status-card">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 className="status-title">Oops! Page not found</h1>
        <p className="status-text">The page you are looking for does not exist or was moved.</p>
        <div className="status-actions">
          <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg', block: true })}>
            Return to Home
          </Link>
        </div>
      </Card>
    </main>
  );
}
