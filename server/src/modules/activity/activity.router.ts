import { recentActivitySchema } from '@vizinhanca/shared/orders/order.schema';
import { approvedProcedure, router } from '../../trpc.ts';
import * as activity from './activity.service.ts';

export const activityRouter = router({
  /** Home 'recent activity': orders and notifications merged, newest first, four shown. */
  recent: approvedProcedure.output(recentActivitySchema).query(({ ctx }) => activity.recent(ctx.deps, ctx.user.id)),
});
