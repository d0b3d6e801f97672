import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { phoneCountry } from '@crm/domain';
import { z } from 'zod';

export const VARIANTS = ['alfam', 'dcs', 'sg'] as const;
export type Variant = (typeof VARIANTS)[number];

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// (leave it unset for SQLite)' })
        .optional(),
    ),
    // Start-up holds one connection for its lock and migrates on another: one alone never starts.
    DATABASE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(2, { error: 'must be at least 2 (start-up needs two connections)' })
      .max(500)
      .default(10),
    SQLITE_MMAP_MB: z.coerce.number().int().min(0).max(2047).default(2047),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(25),
    WORKER_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    JWT_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    CRM_ADMIN_EMAIL: optionalText,
    CRM_ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(6, { error: 'must be at least 6 characters' }).optional(),
    ),
    CRM_VARIANT: z.enum(VARIANTS, { error: 'must be one of alfam, dcs, sg' }).default('dcs'),
    DEFAULT_COUNTRY: z
      .string()
      .default('TR')
      .transform((value, ctx) => {
        const code = phoneCountry(value);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: 'must be a two-letter country code, such as TR' });
          return z.NEVER;
        }
        return code;
      }),
    LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(20),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    LOGIN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS: z.coerce.number().int().positive().default(5),
    LOGIN_THROTTLE_MINUTES: z.coerce.number().positive().default(15),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === undefined) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be true, false, a hop count, or a comma-separated list of addresses and CIDR ranges',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    WEB_DIST_DIR: optionalText,
    WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    FILE_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: optionalText.pipe(
      z.url({ error: 'must be a URL such as http://127.0.0.1:9000' }).optional(),
    ),
    S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    S3_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9!_.*'()/-]*\/$/, { error: 'must end with / and hold only safe key characters' })
        .optional(),
    ),
    TASK_REMINDER_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    API_COMPRESSION: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    JOBS_POLL_MS: z.coerce.number().int().min(0).default(1000),
    IMPORT_FILE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
    EXPORTS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(2),
    IMPORT_PREVIEWS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(2),
    SEARCHES_PER_SECOND: z.coerce.number().min(0).max(1_000_000).default(10),
    SEARCH_BURST: z.coerce.number().int().min(1).max(10_000).default(40),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]/, { error: 'must be a URL such as smtp://user:password@host:587' })
        .optional(),
    ),
    SMTP_FROM: optionalText,
    DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
    APP_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'must be a URL such as https://crm.example.com' }).optional(),
    ),
    WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
    WEBHOOK_RETRY_SECONDS: z
      .string()
      .default('30,120,600,3600,10800,21600,43200')
      .refine((value) => value.split(',').every((part) => /^\d+(\.\d+)?$/.test(part.trim())), {
        error: 'must be a comma-separated list of seconds',
      }),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    ),
  })
  .superRefine((env, issues) => {
    if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET)
      issues.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when FILE_STORAGE=s3' });
    // The digest's sender and links cannot be guessed; the URL itself is never repeated (it holds the password).
    for (const key of ['SMTP_FROM', 'APP_URL'] as const) {
      if (env.SMTP_URL && !env[key])
        issues.addIssue({ code: 'custom', path: [key], message: 'is required when SMTP_URL is set' });
    }
  });

/**
 * TRUST_PROXY: `true` trusts every proxy (a forged X-Forwarded-For then picks the client address),
 * a number trusts that many hops, a list trusts only those addresses and ranges.
 */
export function parseTrustProxy(raw: string): boolean | number | string[] | undefined {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}

/** One server process per core, up to eight: beyond that the database is the limit, not the CPU. */
export function defaultWorkers(): number {
  return Math.min(availableParallelism(), 8);
}

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Without them the SDK's own chain is used (instance role, AWS_* variables, shared config). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** MinIO, Garage and s3rver need bucket-in-path URLs; AWS and R2 take either. */
  forcePathStyle: boolean;
  /** Prepended to every key ('' for none), so that one bucket can hold several things. */
  prefix: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  /** How much of the SQLite file each process reads through a memory map (0: none). */
  sqliteMmapMb: number;
  /** How long SIGTERM waits for requests in flight before closing what remains. */
  shutdownTimeoutSeconds: number;
  /** How long a server process that dies is retried before the main process gives up and exits 1. */
  workerRetrySeconds: number;
  jwtSecret: string | undefined;
  sessionTtlHours: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  variant: Variant;
  /** Whose numbers an imported phone without a calling code is, unless the import says (ISO 3166 code). */
  defaultCountry: string;
  loginThrottle: { maxPerEmail: number; maxPerAddress: number; maxPerPair: number; windowMinutes: number };
  logLevel: string;
  /** What Fastify's trustProxy takes: all proxies, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  webDistDir: string | undefined;
  /** Server processes sharing the port; 1 serves from the main process alone. */
  workers: number;
  /** How often an idle process looks for due jobs; 0 runs no jobs in this process. */
  jobsPollMs: number;
  /** Days an import's uploaded file is kept after the import's last step, then deleted. */
  importFileDays: number;
  /** Days an audit entry is kept; a daily sweep deletes older ones. */
  auditRetentionDays: number;
  /** Where uploads live: DATA_DIR/uploads, or the bucket of `s3`. */
  fileStorage: 'local' | 's3';
  /** The S3_* settings, when S3_BUCKET is set (required for FILE_STORAGE=s3 and files:migrate). */
  s3: S3Settings | undefined;
  /** Bearer token for /api/metrics; the endpoint does not exist without it. */
  metricsToken: string | undefined;
  /** What one person may take at once, so that others are still served (docs/decisions.md, "Fair share"). */
  fairShare: FairShareSettings;
  /** How often a sweep for due tasks is queued (each due time queues its own pass too); 0: never. */
  taskReminderSeconds: number;
  /** Compress API answers above a few kilobytes when the client accepts brotli or gzip. */
  apiCompression: boolean;
  /** The daily e-mail digest of due and overdue tasks; undefined (SMTP_URL unset) sends nothing. */
  digest: DigestSettings | undefined;
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  /** Hosts a webhook may reach although private or loopback, over http too (tests, internal use). */
  allowedHosts: string[];
  /** The waits before each retry of a failed delivery; its sum is how long an event is tried. */
  retrySeconds: number[];
  timeoutMs: number;
  /** Events in a row that fail for good before an endpoint is disabled. */
  disableAfter: number;
}

export interface FairShareSettings {
  /** Exports one person may stream at once, across every process and instance. */
  exportsPerPerson: number;
  /** Import previews one person may have queued or running at once. */
  previewsPerPerson: number;
  /** List searches (list requests with a search text) per person and second, on average (0: no limit)… */
  searchesPerSecond: number;
  /** …and in a row before that rate applies; palette lookups have a bucket of this size of their own. */
  searchBurst: number;
}

export interface DigestSettings {
  /** smtp(s)://user:password@host:port: never logged, since it holds the password. */
  smtpUrl: string;
  from: string;
  /** The UTC hour at which the day's digest goes out. */
  hour: number;
  /** The web app's public address, for the links to each task's record. */
  appUrl: string;
}

/** Loads ./.env into the environment when present; variables already set win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Reads the environment once; every other module receives the parsed Config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sqliteMmapMb: e.SQLITE_MMAP_MB,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    workerRetrySeconds: e.WORKER_RETRY_SECONDS,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    adminEmail: e.CRM_ADMIN_EMAIL,
    adminPassword: e.CRM_ADMIN_PASSWORD,
    variant: e.CRM_VARIANT,
    defaultCountry: e.DEFAULT_COUNTRY,
    loginThrottle: {
      maxPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      maxPerPair: e.LOGIN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
      windowMinutes: e.LOGIN_THROTTLE_MINUTES,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    workers: e.WORKERS ?? defaultWorkers(),
    jobsPollMs: e.JOBS_POLL_MS,
    importFileDays: e.IMPORT_FILE_DAYS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    fileStorage: e.FILE_STORAGE,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ?? '',
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    fairShare: {
      exportsPerPerson: e.EXPORTS_PER_PERSON,
      previewsPerPerson: e.IMPORT_PREVIEWS_PER_PERSON,
      searchesPerSecond: e.SEARCHES_PER_SECOND,
      searchBurst: e.SEARCH_BURST,
    },
    taskReminderSeconds: e.TASK_REMINDER_SECONDS,
    apiCompression: e.API_COMPRESSION,
    webhooks: {
      allowedHosts: e.WEBHOOK_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      retrySeconds: e.WEBHOOK_RETRY_SECONDS.split(',').map((part) => Number(part.trim())),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
    },
    digest:
      e.SMTP_URL && e.SMTP_FROM && e.APP_URL
        ? {
            smtpUrl: e.SMTP_URL,
            from: e.SMTP_FROM,
            hour: e.DIGEST_HOUR,
            appUrl: e.APP_URL.replace(/\/+$/, ''),
          }
        : undefined,
  };
}
