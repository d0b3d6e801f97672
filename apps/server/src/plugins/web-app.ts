import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built single-page app next to the server (apps/web/dist), unless WEB_DIST_DIR says otherwise. */
export function webDistDir(configured: string | undefined): string {
  return configured ? path.resolve(configured) : path.resolve(import.meta.dirname, '../../web/dist');
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
