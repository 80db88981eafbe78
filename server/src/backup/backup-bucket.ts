import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Client as MinioClient } from 'minio';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ensureBucket, s3ClientFor, type FileStorage } from '../storage/file-storage.ts';
import { BackupError, createBackup, type BackupManifest } from './backup.ts';

// Backups that leave the machine: archives uploaded to an S3 bucket of their own (BACKUP_S3_*,
// another provider or machine than the app's files), the newest N kept, and fetched back for a restore.

/** Archives are named by their UTC instant, so sorting the names sorts them by age. */
export const ARCHIVE_NAME = /^vizinhanca-\d{8}T\d{6}Z\.tar\.gz$/;

export function archiveNameAt(now: Date): string {
  return `vizinhanca-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

export interface BackupBucketSettings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** The backup bucket of this configuration, or null when BACKUP_S3_ENDPOINT is not set. */
export function backupBucketSettings(config: Config): BackupBucketSettings | null {
  if (!config.BACKUP_S3_ENDPOINT) return null;
  return {
    endpoint: config.BACKUP_S3_ENDPOINT,
    bucket: config.BACKUP_S3_BUCKET,
    accessKey: config.BACKUP_S3_ACCESS_KEY!,
    secretKey: config.BACKUP_S3_SECRET_KEY!,
    region: config.BACKUP_S3_REGION,
  };
}

/** Listing, checking and removing answer within this (an unreachable bucket must not hang a restore or a job). */
const METADATA_TIMEOUT_MS = 30_000;

export class BackupBucket {
  private readonly client: MinioClient;

  constructor(private readonly settings: BackupBucketSettings) {
    this.client = s3ClientFor(settings.endpoint, settings);
  }

  /** Where the archives go, for messages: the bucket and its endpoint. */
  get label(): string {
    return `${this.settings.bucket} em ${this.settings.endpoint}`;
  }

  /** Runs one request to the bucket; any failure becomes a message naming the bucket, what was asked and why it failed. */
  private async request<T>(what: string, work: () => Promise<T>, timeoutMs: number | null = METADATA_TIMEOUT_MS): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_resolve, reject) => {
        if (timeoutMs !== null) timer = setTimeout(() => reject(new Error(`sem resposta em ${timeoutMs / 1000} s`)), timeoutMs);
      });
      return await Promise.race([work(), timeout]);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      const failure = error as Error & { code?: string };
      const reason = failure.code === 'ECONNREFUSED' || failure.code === 'ENOTFOUND' || failure.code === 'EAI_AGAIN' ? `inalcançável (${failure.code})` : failure.message || failure.code || String(error);
      throw new BackupError(`O bucket de backups ${this.label} falhou ao ${what}: ${reason}. Confira BACKUP_S3_ENDPOINT, BACKUP_S3_BUCKET e as chaves.`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Creates the bucket if it does not exist yet (the first backup's). */
  async ensure(): Promise<void> {
    await this.request('ser conferido', () => ensureBucket(this.client, this.settings.bucket, this.settings.region));
  }

  async upload(file: string, name: string): Promise<void> {
    await this.request(`receber ${name}`, () => this.client.fPutObject(this.settings.bucket, name, file, { 'Content-Type': 'application/gzip' }), null);
  }

  /** The archives in the bucket, oldest first. */
  async list(): Promise<string[]> {
    return this.request('listar os backups', async () => {
      const names: string[] = [];
      for await (const item of this.client.listObjectsV2(this.settings.bucket, 'vizinhanca-', false) as AsyncIterable<{ name?: string }>) {
        if (item.name && ARCHIVE_NAME.test(item.name)) names.push(item.name);
      }
      return names.sort();
    });
  }

  async download(name: string, file: string): Promise<void> {
    await this.request(`entregar ${name}`, () => this.client.fGetObject(this.settings.bucket, name, file), null);
  }

  async remove(name: string): Promise<void> {
    await this.request(`apagar ${name}`, () => this.client.removeObject(this.settings.bucket, name));
  }
}

export interface BucketBackupResult {
  name: string;
  manifest: BackupManifest;
  /** Older archives removed to keep the newest `keep`. */
  removed: string[];
}

/**
 * One backup into the bucket: the archive is written in a folder of its own under `workDir`,
 * uploaded under its dated name, then removed locally; with `keep`, only the newest `keep`
 * archives stay in the bucket. The bucket is checked first: unreachable, nothing is read.
 */
export async function backupToBucket(options: {
  connectionString: string;
  storage: FileStorage;
  bucket: BackupBucket;
  now: Date;
  keep: number | null;
  workDir: string;
  logger: Logger;
}): Promise<BucketBackupResult> {
  await options.bucket.ensure();
  await fs.mkdir(options.workDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(options.workDir, '.backup-upload-'));
  try {
    const name = archiveNameAt(options.now);
    const file = path.join(dir, name);
    const { manifest } = await createBackup({ connectionString: options.connectionString, storage: options.storage, file, now: options.now, logger: options.logger });
    await options.bucket.upload(file, name);
    const removed: string[] = [];
    if (options.keep !== null) {
      for (const old of (await options.bucket.list()).reverse().slice(options.keep)) {
        await options.bucket.remove(old);
        removed.push(old);
      }
    }
    return { name, manifest, removed };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Downloads an archive of the bucket into `dir`: the newest ('latest') or the one named. Returns its path. */
export async function fetchFromBucket(bucket: BackupBucket, which: string, dir: string): Promise<string> {
  const names = await bucket.list();
  if (!names.length) throw new BackupError(`O bucket de backups ${bucket.label} não tem nenhum backup. Nada foi alterado.`);
  const name = which === 'latest' ? names.at(-1)! : which;
  if (!names.includes(name)) {
    throw new BackupError(`O backup ${which} não está no bucket ${bucket.label}. Os mais novos: ${names.slice(-3).reverse().join(', ')}. Nada foi alterado.`);
  }
  const file = path.join(dir, name);
  await bucket.download(name, file);
  return file;
}
