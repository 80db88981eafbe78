import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundScreen } from '../components/layout/not-found-screen.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { useRevalidateGuards } from '../hooks/use-revalidate-guards.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { sessionQueryOptions } from '../lib/session.ts';
import { isFrontDesk } from '@vizinhanca/shared/users/user.types';

/** The offline, update and install banners load in their own chunk, after the screen (docs/decisions/013-first-screen.md). */
const PwaBanners = lazy(() => import('../features/pwa/components/pwa-banners.tsx').then(({ PwaBanners }) => ({ default: PwaBanners })));
/**
 * So do the live events (websocket) and the notification badge and push subscription: nothing on the
 * first screen waits for them. If their chunk cannot load (offline, never cached), the app runs without them.
 */
const RealtimeEvents = lazy(() =>
  import('../features/realtime/components/realtime-events.tsx').then(({ RealtimeEvents }) => ({ default: RealtimeEvents }), withoutComponent),
);
const NotificationDevice = lazy(() =>
  import('../features/notifications/components/notification-device.tsx').then(
    ({ NotificationDevice }) => ({ default: NotificationDevice }),
    withoutComponent,
  ),
);

function withoutComponent(): { default: () => null } {
  return { default: () => null };
}

function RootLayout() {
  const { data: user } = useQuery(sessionQueryOptions());
  useRevalidateGuards(user);
  return (
    <div className="app">
      <Suspense fallback={null}>
        <PwaBanners />
      </Suspense>
      <Suspense fallback={null}>
        <RealtimeEvents signedIn={Boolean(user)} />
      </Suspense>
      <Suspense fallback={null}>
        <NotificationDevice approved={Boolean(user && user.approvalStatus === 'approved' && !user.isSuspended && !isFrontDesk(user.roles))} />
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
