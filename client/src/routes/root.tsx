import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundScreen } from '../components/layout/not-found-screen.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { useNotificationDevice } from '../features/notifications/hooks/use-notification-device.ts';
import { useRealtimeEvents } from '../features/realtime/hooks/use-realtime-events.ts';
import { useRevalidateGuards } from '../hooks/use-revalidate-guards.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { sessionQueryOptions } from '../lib/session.ts';

/** The offline, update and install banners load in their own chunk, after the screen (docs/decisions/013-first-screen.md). */
const PwaBanners = lazy(() => import('../features/pwa/components/pwa-banners.tsx').then(({ PwaBanners }) => ({ default: PwaBanners })));

function RootLayout() {
  const { data: user } = useQuery(sessionQueryOptions());
  useRealtimeEvents(Boolean(user));
  useRevalidateGuards(user);
  useNotificationDevice(Boolean(user && user.approvalStatus === 'approved' && !user.isSuspended));
  return (
    <div className="app">
      <Suspense fallback={null}>
        <PwaBanners />
      </Suspense>
      <Outlet />
      <Toaster />
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});
