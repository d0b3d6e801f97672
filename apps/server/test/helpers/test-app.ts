import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { insertUser } from '../../src/modules/users/users.repository.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

/**
 * A whole application on a database of its own: a fresh SQLite file, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database on it that is dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  // How the fresh database reaches the latest schema: a migration test writes rows on the way.
  migrate: (db: Db) => Promise<unknown> = migrateToLatest,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-test-'));
  const scratch = await createScratchDatabase();
  const databaseUrl = scratch?.url;
  const dropDatabase = scratch?.drop ?? (async () => {});
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // One test account searches far faster than a person types; the limit's own tests set it.
    SEARCHES_PER_SECOND: '0',
    ...env,
  });
  const db = createDatabase(config);
  await migrate(db);
  const app = await buildApp({ config, db, serveWeb: false });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, empty database on the PostgreSQL server of TEST_DATABASE_URL, with a function that drops
 * it; undefined when the tests run on SQLite.
 */
export async function createScratchDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!serverUrl) return undefined;
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let counter = 0;
/** A unique e-mail per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export interface SignedIn {
  id: number;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

let passwordHash: Promise<string> | undefined;
const PASSWORD = 'secret123';

/** Inserts a user straight into the database (fast: one shared hash) and signs them in over HTTP. */
export async function signIn(
  t: TestApp,
  options: { role?: 'admin' | 'user'; firstName?: string; surname?: string; email?: string } = {},
): Promise<SignedIn> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const firstName = options.firstName ?? 'Test';
  const surname = options.surname ?? (options.role === 'admin' ? 'Admin' : 'User');
  const id = await insertUser(
    t.db,
    {
      name: `${firstName} ${surname}`,
      first_name: firstName,
      surname,
      phone: '905321234567',
      email,
      role: options.role ?? 'user',
      is_active: 1,
      password_hash: await passwordHash,
    },
    new Date().toISOString(),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { id, email, password: PASSWORD, token, headers: { authorization: `Bearer ${token}` } };
}

export function errorOf(res: LightMyRequestResponse): string {
  return res.json<{ error: string }>().error;
}

export function fieldsOf(res: LightMyRequestResponse): Record<string, string> {
  return res.json<{ fields: Record<string, string> }>().fields;
}
