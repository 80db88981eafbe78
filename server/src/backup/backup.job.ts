import type { ScheduledJob } from '../jobs/scheduled-job.ts';
import { BackupBucket, backupBucketSettings, backupToBucket } from './backup-bucket.ts';

/**
 * The daily backup into the BACKUP_S3_* bucket, keeping the newest BACKUP_KEEP archives. Run by the
 * job queue once across replicas; a failure (the bucket unreachable, the database restarting) is
 * logged as an error, counted in /metrics (vizinhanca_job_runs_total, result "failed") and retried
 * by the queue with backoff, while the app keeps serving. Without BACKUP_S3_ENDPOINT it does nothing
 * (the server warns at start).
 */
export const scheduledBackupJob: ScheduledJob = {
  name: 'backup.to-bucket',
  cron: '0 3 * * *',
  // Not at every start: a deploy or a restart would each add an archive and push the older daily ones out.
  catchUpAtStart: false,
  async run(deps) {
    const settings = backupBucketSettings(deps.config);
    if (!settings) return;
    const result = await backupToBucket({
      connectionString: deps.databaseUrl,
      storage: deps.storage,
      bucket: new BackupBucket(settings),
      now: deps.clock.now(),
      keep: deps.config.BACKUP_KEEP,
      workDir: deps.config.dataDir,
      logger: deps.logger,
    });
    deps.logger.info({ archive: result.name, bucket: settings.bucket, removed: result.removed }, 'scheduled backup uploaded');
  },
};
