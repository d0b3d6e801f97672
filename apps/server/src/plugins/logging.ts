import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';

/** Query parameters that carry a credential: a file link's signature. */
const SECRET_PARAMETERS = /([?&](?:access|token)=)[^&#]*/gi;

/** The secret of a calendar feed's address (/api/calendar/{secret}.ics), which is its credential. */
const CALENDAR_SECRET = /(\/api\/calendar\/)[^/?#]+/gi;

/** A URL as the log may show it: signatures replaced, so a log reader cannot open a file or a feed. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]').replace(CALENDAR_SECRET, '$1[redacted]');
}

/**
 * The log never holds a credential, at any level: the signed part of file links is cut from every
 * logged URL, and authorization headers, cookies and passwords are censored.
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      'body.password',
      'body.newPassword',
      'body.currentPassword',
    ],
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  };
}
