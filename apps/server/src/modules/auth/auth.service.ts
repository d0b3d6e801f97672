import { randomBytes } from 'node:crypto';
import { authMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { findUserByEmail, type UserRow } from '../users/users.repository.js';
import { clearFailures, countFailuresSince, recordFailures } from './login-failures.repository.js';
import { verifyAgainstNothing, verifyPassword } from './password.js';
import { deleteSession, findSessionUser, insertSession } from './sessions.repository.js';

export const ACCOUNT_INACTIVE = 'Your account is inactive. Please contact an administrator.';

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/** Opens a session row and signs a token naming it; both expire together. */
export async function openSession(ctx: AppContext, userId: number): Promise<string> {
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.sessionTtlHours * 3_600_000);
  const sessionId = randomBytes(24).toString('base64url');
  await insertSession(ctx.db, {
    id: sessionId,
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return ctx.tokens.sign({ sessionId, userId }, expiresAt);
}

/**
 * Failed logins are counted in the database (so every server process sees them) per e-mail and per
 * client address; past the limit the caller gets 429 until the window has passed.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  address: string,
): Promise<{ token: string; user: UserRow }> {
  const { maxPerEmail, maxPerAddress, windowMinutes } = ctx.config.loginThrottle;
  const emailKey = `email:${input.email.toLowerCase()}`;
  const addressKey = `ip:${address}`;
  const windowStart = isoAfter(-windowMinutes * 60_000);
  const [byEmail, byAddress] = await Promise.all([
    countFailuresSince(ctx.db, emailKey, windowStart),
    countFailuresSince(ctx.db, addressKey, windowStart),
  ]);
  if (byEmail >= maxPerEmail || byAddress >= maxPerAddress) {
    throw tooManyRequests(`Too many failed login attempts. Please try again in ${windowMinutes} minutes.`);
  }

  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    await recordFailures(ctx.db, [emailKey, addressKey], nowIso(), windowStart);
    throw unauthorized(authMessages.invalidCredentials);
  }
  if (user.is_active !== 1) throw forbidden(ACCOUNT_INACTIVE);
  await clearFailures(ctx.db, emailKey);
  return { token: await openSession(ctx, user.id), user };
}

/** Checks a bearer token on every request: signature, expiry, the session row and an active user. */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<Authenticated> {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized(authMessages.unauthenticated);
  const claims = await ctx.tokens.verify(match[1]);
  if (!claims) throw unauthorized(authMessages.sessionExpired);
  const session = await findSessionUser(ctx.db, claims.sessionId);
  if (!session || session.user.id !== claims.userId || session.expiresAt <= nowIso()) {
    throw unauthorized(authMessages.sessionExpired);
  }
  if (session.user.is_active !== 1) throw unauthorized(ACCOUNT_INACTIVE);
  return { user: session.user, sessionId: claims.sessionId };
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await deleteSession(ctx.db, sessionId);
}
