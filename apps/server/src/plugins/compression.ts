import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this an answer goes as it is: a detail or a count gains a few hundred bytes from
 * compression and costs the same fixed overhead as a page.
 */
export const COMPRESS_MIN_BYTES = 4096;

/**
 * API answers in brotli (quality 4: a page of 100 contacts, 47 KB of JSON, becomes about 6 KB in
 * well under a millisecond) or gzip, when the client says it accepts them. Registered on the API
 * only: the web app's files are compressed when built (plugins/web-app.ts).
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
  });
}
