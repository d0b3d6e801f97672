import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a proxy or a caller may send as X-Request-Id: a token, never anything that could forge a log line. */
const VALID_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * Every request's id: the incoming X-Request-Id when it is a plausible one (a proxy that already
 * numbered the request, so its logs and ours agree), else a random UUID: unique across processes
 * and machines, unlike a per-process counter.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends the id back, so a user's report of a failure can be matched with the log line. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
