import path from 'node:path';
import { z } from 'zod';
import { senderAddressOf } from './mail/mime-message.ts';
import { isValidAllowList } from './observability/metrics-access.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true ou false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ message: 'deve ser uma URL válida' }).optional(),
);
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** Every environment variable the server reads. docker-compose.yml is checked against these keys. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'deve ser um número' }).int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 with the demo data on (its logins are public), 0.0.0.0 without. */
  HOST: optionalText,
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SEED_DEMO: booleanFromEnv.default(true),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z
    .string()
    .refine((value) => senderAddressOf(value) !== null, { message: 'use um endereço de e-mail, com ou sem nome: Vizinhança <nao-responda@exemplo.com.br>' })
    .default('Vizinhança <nao-responda@vizinhanca.local>'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY: optionalText,
  S3_SECRET_KEY: optionalText,
  S3_BUCKET: z.string().default('vizinhanca'),
  S3_REGION: z.string().default('us-east-1'),
  /** The bucket the scheduled backup writes to (another provider or machine); unset: no scheduled backup. */
  BACKUP_S3_ENDPOINT: optionalUrl,
  BACKUP_S3_BUCKET: z.string().min(3, 'use o nome do bucket (3 ou mais caracteres)').default('vizinhanca-backups'),
  BACKUP_S3_ACCESS_KEY: optionalText,
  BACKUP_S3_SECRET_KEY: optionalText,
  BACKUP_S3_REGION: z.string().default('us-east-1'),
  /** How many of the newest archives the scheduled backup keeps in its bucket. */
  BACKUP_KEEP: z.coerce.number({ message: 'deve ser um número' }).int('deve ser um inteiro').min(1, 'mantenha ao menos 1 backup').default(7),
  CONDO_NAME: z.string().min(1).default('Residencial Jardim das Flores'),
  CONDO_TIMEZONE: z
    .string()
    .default('America/Sao_Paulo')
    .refine((zone) => isValidTimeZone(zone), { message: 'fuso horário desconhecido' }),
  CONDO_PHONE: z.string().default('(11) 3333-4444'),
  /** The receiver's city in Pix codes (BR Code field 60). */
  CONDO_CITY: z.string().trim().min(1, 'não pode ser vazio').default('São Paulo'),
  /** Front desk e-mail and WhatsApp number for the help page's contact cards; each card shows only when set. */
  CONDO_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email({ message: 'deve ser um e-mail' }).optional()),
  CONDO_WHATSAPP: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** API requests slower than this (ms) are logged at info; failures always; the rest only at debug. */
  LOG_SLOW_REQUEST_MS: z.coerce.number({ message: 'deve ser um número' }).int().min(0).default(500),
  /** Sign-ups an address may send per hour: a building behind one address (its Wi-Fi) on launch day may need more. */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number({ message: 'deve ser um número' }).int('deve ser um inteiro').min(1, 'deve ser ao menos 1').default(60),
  /** Proxies in front (Caddy in docker-compose.yml: 1). `true` means 1 and `false` 0; X-Forwarded-* from further out are ignored. */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value) => (value === 'true' ? '1' : value === 'false' ? '0' : value))
    .pipe(z.coerce.number<string>({ message: 'use o número de proxies na frente (0, 1, 2...)' }).int('use o número de proxies na frente (0, 1, 2...)').min(0).max(10)),
  /** GET /metrics with `Authorization: Bearer <token>` from anywhere; without a token only METRICS_ALLOW may read it. */
  METRICS_TOKEN: optionalText,
  /** Addresses or CIDR ranges (the TCP peer, never X-Forwarded-For) that read /metrics without the token. */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .refine((value) => isValidAllowList(value), { message: 'use endereços IP ou faixas CIDR separados por vírgula' }),
  /** Tests and demos only: the app's clock starts at this instant (ISO 8601) and runs on from there. */
  CLOCK_START: z.preprocess((value) => (value === '' ? undefined : value), z.iso.datetime({ offset: true, message: 'deve ser uma data ISO 8601' }).optional()),
});

export type RawConfig = z.infer<typeof configSchema>;
export type Config = Omit<RawConfig, 'HOST'> & {
  HOST: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
};

/** The secrets docker-compose.yml and the README use for a local try: never valid in production. */
export const DEVELOPMENT_SECRETS: readonly string[] = ['vizinhanca-dev'];

/** Where each secret the server reads sits in its configuration, for the production check. */
function secretsOf(config: RawConfig): { variable: string; value: string | undefined }[] {
  const passwordOf = (url: string | undefined) => {
    if (!url) return undefined;
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  };
  return [
    { variable: 'DATABASE_URL', value: passwordOf(config.DATABASE_URL) },
    { variable: 'S3_SECRET_KEY', value: config.S3_SECRET_KEY },
    { variable: 'BACKUP_S3_SECRET_KEY', value: config.BACKUP_S3_SECRET_KEY },
    { variable: 'SMTP_URL', value: passwordOf(config.SMTP_URL) },
    { variable: 'METRICS_TOKEN', value: config.METRICS_TOKEN },
  ];
}

export const configKeys = Object.keys(configSchema.shape) as (keyof RawConfig)[];

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a wrong value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.S3_ENDPOINT && (!config.S3_ACCESS_KEY || !config.S3_SECRET_KEY)) {
    throw new ConfigError('Configuração inválida:\n  S3_ACCESS_KEY/S3_SECRET_KEY: obrigatórias quando S3_ENDPOINT está definido');
  }
  if (config.BACKUP_S3_ENDPOINT && (!config.BACKUP_S3_ACCESS_KEY || !config.BACKUP_S3_SECRET_KEY)) {
    throw new ConfigError('Configuração inválida:\n  BACKUP_S3_ACCESS_KEY/BACKUP_S3_SECRET_KEY: obrigatórias quando BACKUP_S3_ENDPOINT está definido');
  }
  if (config.NODE_ENV === 'production') {
    const weak = secretsOf(config).filter((secret) => secret.value !== undefined && DEVELOPMENT_SECRETS.includes(secret.value));
    if (weak.length > 0) {
      const lines = weak.map((secret) => `  ${secret.variable}: usa a senha de desenvolvimento; defina uma senha forte antes de rodar em produção`);
      throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
    }
  }
  const host = config.HOST ?? (config.SEED_DEMO ? '127.0.0.1' : '0.0.0.0');
  return { ...config, HOST: host, dataDir: path.resolve(config.DATA_DIR) };
}
