import { authMessages } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from './actor.js';
import { forbidden } from './http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook of the secured scope (modules/auth/auth-hook.ts). */
    auth: Actor | undefined;
  }
}

/** The signed-in caller; only valid inside an authenticated scope. */
export function caller(request: FastifyRequest): Actor {
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
