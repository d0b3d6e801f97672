import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sessionId: string;
  userId: number;
}

const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and checks session tokens: HS256 only, `exp` in seconds, the session id in `sid`. */
export class TokenSigner {
  // A KeyObject made once: given raw bytes, jose would import the key again on every request.
  private readonly key: KeyObject;
  /**
   * Tokens that verified, with their expiry: checking the signature again on every request costs
   * more than the session lookup that follows it. The session row is still read on every request,
   * so logout, deactivation and password changes end access at once.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; exp: number }>();

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * A short-lived signature for one stored file and the session it was given to, so that a file
   * opened in a new tab (which sends no bearer header) is readable only while that session lives
   * and its user may still see the file.
   */
  signDownload(filename: string, expiresAtSeconds: number, sessionId: string): string {
    return `${expiresAtSeconds}.${sessionId}.${this.hmac(`${filename}:${expiresAtSeconds}:${sessionId}`)}`;
  }

  /** The session a valid link was signed for, or undefined for a forged or expired one. */
  verifyDownload(filename: string, access: string, nowSeconds = Date.now() / 1000): string | undefined {
    const [expText, sessionId, signature, ...rest] = access.split('.');
    const exp = Number(expText);
    if (!signature || !sessionId || rest.length > 0 || !Number.isInteger(exp) || exp < nowSeconds) {
      return undefined;
    }
    const expected = Buffer.from(this.hmac(`${filename}:${exp}:${sessionId}`));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : undefined;
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.key).update(`download:${text}`).digest('base64url');
  }

  /** The claims of a valid token, or undefined for a forged, malformed or expired one. */
  async verify(token: string, nowSeconds = Date.now() / 1000): Promise<TokenClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowSeconds * 1000),
      });
      const userId = Number(payload.sub);
      if (typeof payload.sid !== 'string' || !Number.isInteger(userId) || payload.exp === undefined)
        return undefined;
      const claims = { sessionId: payload.sid, userId };
      if (this.verified.size >= VERIFIED_TOKENS_KEPT)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch {
      return undefined;
    }
  }
}
