import { z } from 'zod';
import {
  notificationIdInput,
  notificationListInput,
  notificationPageSchema,
  notificationPreferencesSchema,
  pushEndpointInput,
  pushSubscriptionInput,
  setPreferenceInput,
} from '@vizinhanca/shared/notifications/notification.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import * as notifications from './notifications.service.ts';
import { vapidKeys } from './web-push.ts';

export const notificationsRouter = router({
  list: approvedProcedure
    .input(notificationListInput)
    .output(notificationPageSchema)
    .query(({ ctx, input }) => notifications.list(ctx.deps, ctx.user.id, input)),

  unreadCount: approvedProcedure.output(z.number()).query(({ ctx }) => notifications.unreadCount(ctx.deps, ctx.user.id)),

  markRead: approvedProcedure
    .input(notificationIdInput)
    .mutation(({ ctx, input }) => notifications.markRead(ctx.deps, ctx.user.id, input.id)),

  markAllRead: approvedProcedure.mutation(({ ctx }) => notifications.markRead(ctx.deps, ctx.user.id, null)),

  preferences: approvedProcedure
    .output(notificationPreferencesSchema)
    .query(({ ctx }) => notifications.preferences(ctx.deps, ctx.user.id)),

  setPreference: approvedProcedure
    .input(setPreferenceInput)
    .output(notificationPreferencesSchema)
    .mutation(({ ctx, input }) => notifications.setPreference(ctx.deps, ctx.user, input)),

  /** The deployment's VAPID public key, for PushManager.subscribe(). */
  pushPublicKey: approvedProcedure.output(z.string()).query(async ({ ctx }) => (await vapidKeys(ctx.deps)).publicKey),

  subscribePush: approvedProcedure
    .input(pushSubscriptionInput)
    .mutation(({ ctx, input }) => notifications.subscribePush(ctx.deps, ctx.user.id, input)),

  unsubscribePush: approvedProcedure
    .input(pushEndpointInput)
    .mutation(({ ctx, input }) => notifications.unsubscribePush(ctx.deps, ctx.user.id, input.endpoint)),
});
