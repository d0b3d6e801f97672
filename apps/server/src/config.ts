import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

export const VARIANTS = ['alfam', 'dcs', 'sg'] as const;
export type Variant = (typeof VARIANTS)[number];

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
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
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_THROTTLE_MINUTES: z.coerce.number().positive().default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: optionalText,
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  API_COMPRESSION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** One server process per core, up to eight: beyond that the database is the limit, not the CPU. */
export function defaultWorkers(): number {
  return Math.min(availableParallelism(), 8);
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  sessionTtlHours: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  variant: Variant;
  loginThrottle: { maxPerEmail: number; maxPerAddress: number; windowMinutes: number };
  logLevel: string;
  trustProxy: boolean;
  webDistDir: string | undefined;
  /** Server processes sharing the port; 1 serves from the main process alone. */
  workers: number;
  /** Compress API answers above a few kilobytes when the client accepts brotli or gzip. */
  apiCompression: boolean;
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
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    adminEmail: e.CRM_ADMIN_EMAIL,
    adminPassword: e.CRM_ADMIN_PASSWORD,
    variant: e.CRM_VARIANT,
    loginThrottle: {
      maxPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_THROTTLE_MINUTES,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    workers: e.WORKERS ?? defaultWorkers(),
    apiCompression: e.API_COMPRESSION,
  };
}
