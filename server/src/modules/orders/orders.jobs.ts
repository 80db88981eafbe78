import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { expireUnansweredOrders, sendRentalReminders } from './order-deadlines.service.ts';

/** Hourly: pickup, return and overdue reminders (each sent once; none before 08:00). */
export const rentalRemindersJob: ScheduledJob = {
  name: 'orders.rental-reminders',
  cron: '5 * * * *',
  run: (deps) => sendRentalReminders(deps),
};

/** Every 10 minutes: pending orders past their answer deadline are cancelled. */
export const expireOrdersJob: ScheduledJob = {
  name: 'orders.expire-unanswered',
  cron: '*/10 * * * *',
  run: async (deps) => {
    await expireUnansweredOrders(deps);
  },
};
