import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SSO_FAILURES, type SsoFailure } from '@crm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { unauthorized } from '../../lib/http-errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { provisionUser, unguessablePasswordHash } from '../users/user-provision.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/user-reads.js';
import { userEvent } from '../users/user-write.js';
import { ACCOUNT_INACTIVE, openSession } from './auth.service.js';
import {
  findIdentityUserId,
  insertHandoff,
  insertIdentity,
  insertPendingSignIn,
  takeHandoff,
  takePendingSignIn,
} from './sso.repository.js';
import { authorizationUrl, discover, newChecks, type ProviderPerson, redeem } from './sso-provider.js';
import { readSso, type StoredSso, ssoUsable } from './sso-settings.js';

/** Long enough to type a password and a code at the provider; short enough not to linger. */
const PENDING_MS = 10 * 60_000;
/** The web app trades the hand-off code at once, on the page the callback redirects to. */
const HANDOFF_MS = 60_000;

/** A sign-in through the provider that ends on the login page with this reason. */
export class SsoFailed extends Error {
  constructor(readonly reason: SsoFailure) {
    super(reason);
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function usableSettings(ctx: AppContext): Promise<StoredSso> {
  const s = await readSso(ctx.db);
  if (!ssoUsable(s)) throw new SsoFailed('disabled');
  return s;
}

/**
 * Opens a pending sign-in and answers the provider's address to send the browser to, and the
 * state, which the route also puts in a cookie: the callback must come back to the browser that
 * started, so nobody can slip their own finished sign-in into someone else's browser.
 */
export async function startSsoSignIn(
  ctx: AppContext,
  redirectUri: string,
  log: FastifyBaseLogger,
): Promise<{ url: string; state: string }> {
  const s = await usableSettings(ctx);
  const config = await discover(s).catch((error: unknown) => {
    log.warn({ err: errorText(error) }, 'single sign-on: the provider could not be discovered');
    throw new SsoFailed('provider');
  });
  const checks = await newChecks();
  const now = Date.now();
  await insertPendingSignIn(ctx.db, {
    stateDigest: digest(checks.state),
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + PENDING_MS).toISOString(),
  });
  return { url: authorizationUrl(config, redirectUri, checks).href, state: checks.state };
}

/** Only the error's message: never a token, a code or the secret that a library's error may hold. */
const errorText = (error: unknown) => (error instanceof Error ? error.message : 'unknown error');

/**
 * The provider's answer: the state is spent whatever follows, the code traded with the PKCE
 * verifier, the ID token and nonce checked, and the person matched to an active user (by the
 * provider's subject, else by verified e-mail, else created when the setting allows). Answers a
 * one-time hand-off code for the web app to trade for a session.
 */
export async function finishSsoSignIn(
  ctx: AppContext,
  currentUrl: URL,
  cookieState: string | undefined,
  log: FastifyBaseLogger,
): Promise<string> {
  const s = await usableSettings(ctx);
  const state = currentUrl.searchParams.get('state') ?? '';
  if (!state || !cookieState || !sameText(state, cookieState)) throw new SsoFailed('expired');
  const pending = await takePendingSignIn(ctx.db, digest(state), nowIso());
  if (!pending) throw new SsoFailed('expired');
  if (currentUrl.searchParams.has('error')) throw new SsoFailed('provider');
  let person: ProviderPerson;
  try {
    person = await redeem(await discover(s), currentUrl, { state, ...pending });
  } catch (error) {
    log.warn({ err: errorText(error) }, 'single sign-on: the provider’s answer was refused');
    throw new SsoFailed('provider');
  }
  const user = await matchUser(ctx, s, person);
  if (user.is_active !== 1) throw new SsoFailed('inactive');
  const code = randomBytes(32).toString('base64url');
  await insertHandoff(ctx.db, { digest: digest(code), userId: user.id, expiresAt: isoAfter(HANDOFF_MS) });
  return code;
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

async function matchUser(ctx: AppContext, s: StoredSso, person: ProviderPerson): Promise<UserRow> {
  if (!person.email || !person.emailVerified) throw new SsoFailed('unverified');
  const { email } = person;
  if (s.allowedDomains.length > 0 && !s.allowedDomains.includes(emailDomain(email)))
    throw new SsoFailed('domain');
  const linkedId = await findIdentityUserId(ctx.db, person.issuer, person.subject);
  const linked = linkedId === undefined ? undefined : await findUserById(ctx.db, linkedId);
  if (linked) return linked;
  const known = await findUserByEmail(ctx.db, email);
  if (known) {
    if (known.is_active === 1) await link(ctx, known.id, person);
    return known;
  }
  if (s.unknownPeople !== 'create') throw new SsoFailed('unknown');
  return createFromProvider(ctx, person, email);
}

function link(ctx: AppContext, userId: number, person: ProviderPerson) {
  return insertIdentity(ctx.db, {
    userId,
    issuer: person.issuer,
    subject: person.subject,
    createdAt: nowIso(),
  });
}

/** The provider's names, else the e-mail's local part, so the new user has a name to show. */
function namesOf(person: ProviderPerson, email: string): { firstName: string; surname: string } {
  if (person.givenName || person.familyName)
    return { firstName: person.givenName ?? '', surname: person.familyName ?? '' };
  const parts = (person.name ?? email.slice(0, email.indexOf('@'))).split(/\s+/);
  return {
    firstName: parts.slice(0, -1).join(' ') || parts[0]!,
    surname: parts.length > 1 ? parts.at(-1)! : '',
  };
}

async function createFromProvider(ctx: AppContext, person: ProviderPerson, email: string): Promise<UserRow> {
  const passwordHash = await unguessablePasswordHash();
  const at = nowIso();
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const created = await provisionUser(trx, { ...namesOf(person, email), email, passwordHash }, at);
      await insertIdentity(trx, {
        userId: created,
        issuer: person.issuer,
        subject: person.subject,
        createdAt: at,
      });
      return created;
    });
  } catch (error) {
    // Two first sign-ins of one person at once: the other created the account; use it.
    if (!isUniqueViolation(error)) throw error;
    const other = await findUserByEmail(ctx.db, email);
    if (!other) throw error;
    return other;
  }
  ctx.events.publish(userEvent(id));
  return (await findUserById(ctx.db, id))!;
}

/** Trades the callback's one-time code for a session; a second use, or a late one, is refused. */
export async function redeemHandoff(
  ctx: AppContext,
  code: string,
  address: string,
): Promise<{ token: string; user: UserRow }> {
  const userId = await takeHandoff(ctx.db, digest(code), nowIso());
  if (userId === undefined) throw unauthorized(SSO_FAILURES.expired);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized(SSO_FAILURES.expired);
  if (user.is_active !== 1) throw unauthorized(ACCOUNT_INACTIVE);
  // Audited as any sign-in, in the session's transaction, naming the provider as its way in.
  return { token: await openSession(ctx, user.id, { user, address, detail: { method: 'sso' } }), user };
}
