import { randomBytes } from 'node:crypto';
import { authMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import { type AuditActor, recordActorAudit, recordAudit } from '../audit/audit.service.js';
import { findUserByEmail, type UserRow } from '../users/user-reads.js';
import { countAttempt, loginLimits } from './attempts.service.js';
import { deleteSession, findSessionStates, findSessionUser, insertSession } from './sessions.repository.js';
import { assertPasswordSignInAllowed } from './sso-settings.js';
import { openChallenge, type SecondStep, secondStepFor } from './two-factor.service.js';

export const ACCOUNT_INACTIVE = 'Your account is inactive. Please contact an administrator.';

/** The caller of a request as authentication found them: the session's user, as stored. */
export interface Authenticated extends Actor {
  user: UserRow;
}

/** A session opened by signing in (not by a password change): the audit log's `auth.sign-in`. */
export interface SignIn {
  user: AuditActor;
  address: string;
  detail?: Record<string, unknown>;
}

/**
 * Opens a session row and signs a token naming it; both expire together. A sign-in's audit entry
 * is written in the session's transaction.
 */
export async function openSession(ctx: AppContext, userId: number, signIn?: SignIn): Promise<string> {
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.sessionTtlHours * 3_600_000);
  const sessionId = randomBytes(24).toString('base64url');
  const session = {
    id: sessionId,
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertSession(trx, session);
    if (signIn) await recordAudit(trx, { actor: signIn.user, action: 'auth.sign-in', ...signIn });
  });
  return ctx.tokens.sign({ sessionId, userId }, expiresAt);
}

/**
 * A refused sign-in changes nothing of its own to share a transaction with: its throttle rows are
 * committed before the password is checked (see countAttempt), so its entry is one statement.
 */
export async function signInFailed(
  ctx: AppContext,
  email: string,
  address: string,
  reason: string,
  user?: AuditActor,
): Promise<void> {
  await recordAudit(ctx.db, {
    actor: user ?? null,
    action: 'auth.sign-in-failed',
    detail: { email: email.slice(0, 320), reason },
    address,
    ...(user ? { targetType: 'user', targetId: user.id } : {}),
  });
}

/**
 * Every attempt is counted in the database before its password is checked (see countAttempt), per
 * e-mail, per client address and, most strictly, per e-mail from one address: strangers guessing
 * from elsewhere reach the pair limit long before the e-mail's, so the owner can still sign in.
 */
/** A right password alone, or a user who also needs a second step (a code, or setting one up). */
export type LoginOutcome = { token: string; user: UserRow } | { secondFactor: SecondStep; challenge: string };

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  address: string,
): Promise<LoginOutcome> {
  const limits = loginLimits(ctx, input.email, address);
  const attempt = await countAttempt(ctx, limits).catch(async (error: unknown) => {
    await signInFailed(ctx, input.email, address, 'throttled');
    throw error;
  });
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    await signInFailed(ctx, input.email, address, user ? 'wrong-password' : 'unknown-email', user);
    throw unauthorized(authMessages.invalidCredentials);
  }
  const step = await secondStepFor(ctx, user);
  // The owner's own earlier slips from this address are forgiven; strangers' failures are not.
  // With a second step still to come, they are forgiven only once it is passed: a right password
  // must not wipe out the count of wrong codes.
  await attempt.succeeded(step ? [] : [limits[2]!.key]);
  if (user.is_active !== 1) {
    await signInFailed(ctx, input.email, address, 'inactive', user);
    throw forbidden(ACCOUNT_INACTIVE);
  }
  await assertPasswordSignInAllowed(ctx.db, user);
  if (step) return { secondFactor: step, challenge: await openChallenge(ctx, user.id, step) };
  return { token: await openSession(ctx, user.id, { user, address, detail: { method: 'password' } }), user };
}

/** A wrong current password on change-password counts like a failed login of that account. */
export async function checkCurrentPassword(
  ctx: AppContext,
  user: UserRow,
  password: string,
  address: string,
): Promise<boolean> {
  const limits = loginLimits(ctx, user.email, address);
  const attempt = await countAttempt(ctx, limits);
  if (!(await verifyPassword(user.password_hash, password))) return false;
  await attempt.succeeded([limits[2]!.key]);
  return true;
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

/** The user of a live session (not expired, not ended, user active), or undefined. */
export async function liveSessionUser(ctx: AppContext, sessionId: string): Promise<UserRow | undefined> {
  const session = await findSessionUser(ctx.db, sessionId);
  if (!session || session.expiresAt <= nowIso() || session.user.is_active !== 1) return undefined;
  return session.user;
}

/** What a session that still holds grants: whose it is, with which role, until when. */
export interface SessionGrant {
  userId: number;
  role: string;
  expiresAt: string;
}

/** Sessions per query; well under both engines' limits on bound parameters. */
const SESSIONS_PER_QUERY = 500;

/**
 * Of these sessions, the ones that still hold (not ended, not expired, their user active), each
 * with its user's current role. A session missing from the answer has been revoked.
 */
export async function sessionGrants(db: Db, sessionIds: string[]): Promise<Map<string, SessionGrant>> {
  const now = nowIso();
  const grants = new Map<string, SessionGrant>();
  for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_QUERY) {
    for (const row of await findSessionStates(db, sessionIds.slice(start, start + SESSIONS_PER_QUERY))) {
      if (row.expires_at <= now || row.is_active !== 1) continue;
      grants.set(row.id, { userId: row.user_id, role: row.role, expiresAt: row.expires_at });
    }
  }
  return grants;
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteSession(trx, actor.sessionId);
    await recordActorAudit(trx, actor, 'auth.sign-out');
  });
}
