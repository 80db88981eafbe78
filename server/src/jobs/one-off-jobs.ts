import { sendEmailJob } from '../mail/email.job.ts';
import type { OneOffJob } from './job-queue.ts';

/** Every kind of one-off job; the queue works each of these on every instance. */
export const oneOffJobs: OneOffJob<never>[] = [sendEmailJob as OneOffJob<never>];
