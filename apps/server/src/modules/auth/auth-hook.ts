import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate } from './auth.service.js';

/** Every route in a scope that adds this hook needs a valid session; the caller is then known. */
export function authenticationHook(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    request.auth = { ...(await authenticate(ctx, request.headers.authorization)), address: request.ip };
  };
}
