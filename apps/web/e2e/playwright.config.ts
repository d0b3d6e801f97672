import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN, E2E_PORT } from './tests/support/constants';

const root = path.resolve(import.meta.dirname, '../../..');

export default defineConfig({
  testDir: './tests',
  // One folder per port, so two runs at once (see run.mjs) do not wipe each other's results.
  outputDir: `./.output/${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    server(E2E_PORT, process.env.E2E_DATA_DIR ?? path.join(root, 'apps/web/e2e/.output/data')),
    // The list at scale (contacts-at-scale.spec.ts): a database run.mjs seeded before the suite.
    ...(process.env.E2E_LARGE_DATA_DIR && process.env.E2E_LARGE_PORT
      ? [server(Number(process.env.E2E_LARGE_PORT), process.env.E2E_LARGE_DATA_DIR)]
      : []),
  ],
});

function server(port: number, dataDir: string) {
  return {
    command: `node ${path.join(root, 'apps/server/dist/main.js')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CRM_ADMIN_EMAIL: ADMIN.email,
      CRM_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      // run.mjs hands the server a private copy of apps/web/dist (see snapshotWebApp there).
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  };
}
