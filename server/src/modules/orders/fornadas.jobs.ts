import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { closeDueFornadas, sendFornadaReminders } from './fornadas.service.ts';

/** Every minute: batches past their order deadline close and their sellers are told (once). */
export const closeFornadasJob: ScheduledJob = {
  name: 'fornadas.close-due',
  cron: '* * * * *',
  run: async (deps) => {
    await closeDueFornadas(deps);
  },
};

/** Hourly: on a batch's day, from 08:00, everyone with a reservation is reminded (once). */
export const fornadaRemindersJob: ScheduledJob = {
  name: 'fornadas.day-reminders',
  cron: '20 * * * *',
  run: (deps) => sendFornadaReminders(deps),
};
