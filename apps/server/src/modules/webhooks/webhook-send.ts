import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './ssrf-guard.js';

export interface SendOutcome {
  status: number | null;
  error: string | null;
}

/** Only enough of an answer is read to free the connection; its body is never kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST to a checked target. The connection goes to the address the guard checked (its own
 * lookup answers nothing else), while the URL's host name still names the TLS server and the Host
 * header. A redirect is an answer like any other: never followed.
 */
export function sendOnce(
  target: Target,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<SendOutcome> {
  const { url, address, family } = target;
  const pinned: LookupFunction | undefined =
    address === undefined
      ? undefined
      : (_hostname, options, callback) => {
          if (options.all) callback(null, [{ address, family: family ?? 4 }]);
          else callback(null, address, family ?? 4);
        };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'crm-webhooks/1',
        },
        ...(pinned ? { lookup: pinned } : {}),
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', () => resolve({ status: response.statusCode ?? null, error: null }));
      },
    );
    // The whole exchange, not only idle time, is bounded.
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: null, error: error.message.slice(0, 300) }));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}
