import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/connection-errors.js';
import { HttpError } from '../lib/http-errors.js';
import { StaleVersionError } from '../modules/versions/versions.service.js';

interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
  /** On a 409 for a stale version: the record as it is now. */
  current?: unknown;
}

export const DATABASE_UNREACHABLE = 'Database unreachable';

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  413: 'Request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  431: 'Request headers are too large',
};

/** A message for a framework's client error that repeats nothing of the request. */
export function clientErrorMessage(code: string | undefined, status: number): string {
  if (code === 'FST_ERR_BAD_URL') return 'The address is not valid';
  return (code && CLIENT_ERROR_MESSAGES[code]) || STATUS_MESSAGES[status] || 'Bad request';
}

/**
 * One place turns every failure into `{ error, fields? }`. Validation issues are keyed by field,
 * first message wins; any 5xx is logged and answered without details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { error: error.message };
      if (error.fields) body.fields = error.fields;
      if (error instanceof StaleVersionError) body.current = error.current;
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!(field in fields)) fields[field] = issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.code(400).send({ error: first, fields } satisfies ErrorBody);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: clientErrorMessage(error.code, status) } satisfies ErrorBody);
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply.code(503).send({ error: DATABASE_UNREACHABLE } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ error: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
  });
}
