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
          // Files share a worker's loaded modules (each still builds its own app on its own database):
          // importing the server anew for every file was nearly half of the suite's time.
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
