import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built single-page app (apps/web/dist), unless WEB_DIST_DIR says otherwise. The bundled
 * server runs from apps/server/dist, the sources from apps/server/src/plugins.
 */
export function webDistDir(configured: string | undefined): string {
  if (configured) return path.resolve(configured);
  const candidates = ['../../web/dist', '../../../web/dist'].map((relative) =>
    path.resolve(import.meta.dirname, relative),
  );
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

/** Deep links of the app get index.html; a missing file (anything with an extension) gets a 404. */
export function isAppRoute(pathOnly: string): boolean {
  return !pathOnly.startsWith('/api') && !pathOnly.startsWith('/uploads') && !/\.[a-z0-9]+$/i.test(pathOnly);
}

/**
 * Serves the SPA's files, and index.html for any other GET outside /api so that deep links work.
 * Hashed assets are cached for a year; index.html never.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  return true;
}
