import { activityRouter } from './modules/activity/activity.router.ts';
import { adminRouter } from './modules/admin/admin.router.ts';
import { announcementsRouter } from './modules/announcements/announcements.router.ts';
import { authRouter } from './modules/auth/auth.router.ts';
import { billingRouter } from './modules/billing/billing.router.ts';
import { blocksRouter } from './modules/blocks/blocks.router.ts';
import { fornadasRouter } from './modules/orders/fornadas.router.ts';
import { depositsRouter } from './modules/deposits/deposits.router.ts';
import { helpRouter } from './modules/help/help.router.ts';
import { invitesRouter } from './modules/invites/invites.router.ts';
import { listingsRouter } from './modules/listings/listings.router.ts';
import { messagesRouter } from './modules/messages/messages.router.ts';
import { notificationsRouter } from './modules/notifications/notifications.router.ts';
import { ordersRouter } from './modules/orders/orders.router.ts';
import { pixRouter } from './modules/pix/pix.router.ts';
import { portariaRouter } from './modules/orders/desk-handover.router.ts';
import { problemsRouter } from './modules/problems/problems.router.ts';
import { privacyRouter } from './modules/privacy/privacy.router.ts';
import { realtimeRouter } from './modules/realtime/realtime.router.ts';
import { reportsRouter } from './modules/reports/reports.router.ts';
import { reviewsRouter } from './modules/reviews/reviews.router.ts';
import { usersRouter } from './modules/users/users.router.ts';
import { wantedRouter } from './modules/wanted/wanted.router.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  notifications: notificationsRouter,
  listings: listingsRouter,
  orders: ordersRouter,
  reviews: reviewsRouter,
  activity: activityRouter,
  admin: adminRouter,
  messages: messagesRouter,
  pix: pixRouter,
  billing: billingRouter,
  realtime: realtimeRouter,
  invites: invitesRouter,
  privacy: privacyRouter,
  portaria: portariaRouter,
  help: helpRouter,
  announcements: announcementsRouter,
  reports: reportsRouter,
  blocks: blocksRouter,
  fornadas: fornadasRouter,
  problems: problemsRouter,
  wanted: wantedRouter,
  deposits: depositsRouter,
});

export type AppRouter = typeof appRouter;
