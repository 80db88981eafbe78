import { Spinner } from '../ui/spinner.tsx';

/** Shown while a route loads for longer than a moment. */
export function PendingScreen() {
  return (
    <main className="status-screen">
      <Spinner />
    </main>
  );
}
