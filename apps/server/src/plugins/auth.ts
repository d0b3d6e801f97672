import { authMessages } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden } from '../lib/http-errors.js';
import { type Authenticated, authenticate } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | undefined;
  }
}

/** Every route in a scope that adds this hook needs a valid session. */
export function authenticationHook(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    request.auth = await authenticate(ctx, request.headers.authorization);
  };
}

/** The signed-in caller; only valid inside an authenticated scope. */
export function caller(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('caller() used outside an authenticated scope');
  return request.auth;
}

export function isAdmin(request: FastifyRequest): boolean {
  return caller(request).user.role === 'admin';
}

/** preHandler for admin-only routes: 403 for anyone else. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!isAdmin(request)) throw forbidden(authMessages.forbidden);
}
