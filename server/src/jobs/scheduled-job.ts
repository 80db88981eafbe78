import type { AppDeps } from '../context.ts';

/**
 * A recurring piece of work run by the job queue. Each module that needs one
 * (reminders, billing, invites, housekeeping) exports one of these and lists it in
 * scheduled-jobs.ts; the queue runs it once per schedule across all instances.
 */
export interface ScheduledJob {
  /** Unique, stable name (the queue's key). */
  name: string;
  /** Cron expression, evaluated in the condominium's time zone. */
  cron: string;
  /** Also run once when the app starts, catching up with a run missed while it was down (the default), or not (false). */
  catchUpAtStart?: boolean;
  /** Does the work as of `deps.clock.now()`; must be idempotent (a retry may run it again). */
  run(deps: AppDeps): Promise<void>;
}
