import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors.js';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL character in text (it fails the whole statement), and nothing a
 * person types contains one: every route refuses it in the path, the query and a JSON body alike.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE);
    }
  });
}
