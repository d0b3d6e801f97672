import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this an answer goes as it is: a detail or a count gains a few hundred bytes from
 * compression and costs the same fixed overhead as a page.
 */
export const COMPRESS_MIN_BYTES = 4096;

/**
 * Answers held in memory up to this size are compressed in one call (the plugin's default on two
 * cores is 8 KB): through a zlib stream, a page of 100 contacts cost its serving process 0.6 ms
 * more than uncompressed, most of it the stream's setup and hops between threads, where a
 * synchronous call takes 0.12 ms. 256 KB (a page of 500 contacts) is compressed in about 1 ms.
 */
const SYNC_MAX_BYTES = 256 * 1024;

/**
 * API answers in brotli or gzip, when the client says it accepts them. Brotli at quality 2: a page
 * of 100 contacts, 48 KB of JSON, becomes 8.5 KB in 0.12 ms (quality 4: 7.9 KB in 0.24 ms).
 * Registered on the API only: the web app's files are compressed when built (plugins/web-app.ts).
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: SYNC_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 4 },
  });
}
