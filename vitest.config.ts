import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Server test files each build an app on a fresh database and hash passwords with argon2: they
    // are CPU-bound, so two at a time on a two-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
