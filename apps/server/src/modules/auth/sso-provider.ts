import * as oidc from 'openid-client';
import type { StoredSso } from './sso-settings.js';

/** Loopback addresses, where a provider may answer over plain http (a provider on this machine). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An issuer we accept: https, or http on this machine only. */
export function issuerAllowed(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/**
 * The provider's discovered metadata is kept for a few minutes per issuer, client and secret, so a
 * sign-in costs no extra round trip; it is derived data, and each process discovers its own.
 */
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

export function discover(
  s: Pick<StoredSso, 'issuer' | 'clientId' | 'clientSecret'>,
): Promise<oidc.Configuration> {
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const url = new URL(s.issuer);
  const config = oidc.discovery(url, s.clientId, s.clientSecret, undefined, {
    execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
  cache.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => cache.delete(key));
  return config;
}

/** What one pending sign-in needs to be checked on its return. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function newChecks(): Promise<SignInChecks & { codeChallenge: string }> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
  };
}

export function authorizationUrl(
  config: oidc.Configuration,
  redirectUri: string,
  checks: SignInChecks & { codeChallenge: string },
): URL {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: checks.codeChallenge,
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
  });
}

/** The claims that matter here, from the ID token and, when it leaves the e-mail out, from userinfo. */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * Trades the code for tokens with the PKCE verifier, and checks the state, the nonce and the ID
 * token (signature, issuer, audience, expiry) on the way: any mismatch throws.
 */
export async function redeem(
  config: oidc.Configuration,
  currentUrl: URL,
  checks: SignInChecks,
): Promise<ProviderPerson> {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let claims: Record<string, unknown> = idClaims;
  if (str(claims.email) === undefined) {
    claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  }
  return {
    issuer: config.serverMetadata().issuer,
    subject: idClaims.sub,
    email: str(claims.email)?.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: str(claims.given_name),
    familyName: str(claims.family_name),
    name: str(claims.name),
  };
}
