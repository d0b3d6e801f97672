import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Each file builds its own app on a fresh database; argon2 makes files CPU-bound, so two at a time.
          maxWorkers: 2,
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
