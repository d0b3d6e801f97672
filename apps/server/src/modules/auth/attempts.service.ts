import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { attemptsSince, clearKeys, deleteAttempts, insertAttempts } from './login-failures.repository.js';

export interface AttemptLimit {
  key: string;
  max: number;
}

/** The throttling keys of a sign-in: the e-mail, the client address, and the two together. */
export function loginLimits(ctx: AppContext, email: string, address: string): AttemptLimit[] {
  const { maxPerEmail, maxPerAddress, maxPerPair } = ctx.config.loginThrottle;
  const normalised = email.toLowerCase();
  return [
    { key: `email:${normalised}`, max: maxPerEmail },
    { key: `ip:${address}`, max: maxPerAddress },
    { key: `pair:${normalised}|${address}`, max: maxPerPair },
  ];
}

export interface Attempt {
  /** The password was right: this attempt does not count, nor do the earlier failures of `clear`. */
  succeeded(clear?: string[]): Promise<void>;
}

/**
 * Counts a password attempt before the password is checked. Each key allows `max` failed attempts
 * within the window; an attempt beyond that is refused (429 with Retry-After) without checking the
 * password, and does not count itself, so the lock ends when the window has passed. A failed
 * attempt simply stays counted.
 */
export async function countAttempt(ctx: AppContext, limits: AttemptLimit[]): Promise<Attempt> {
  const { windowMinutes } = ctx.config.loginThrottle;
  const windowMs = windowMinutes * 60_000;
  const keys = limits.map((limit) => limit.key);
  const ids = await insertAttempts(ctx.db, keys, nowIso());
  const counts = await attemptsSince(ctx.db, keys, isoAfter(-windowMs));
  let retryAfter = 0;
  for (const { key, max } of limits) {
    const seen = counts.get(key);
    if (!seen || seen.count <= max) continue;
    const free = Date.parse(seen.oldest) + windowMs - Date.now();
    retryAfter = Math.max(retryAfter, Math.ceil(free / 1000), 1);
  }
  if (retryAfter > 0) {
    await deleteAttempts(ctx.db, ids);
    throw tooManyRequests(`Too many failed login attempts. Please try again in ${windowMinutes} minutes.`, {
      'retry-after': String(retryAfter),
    });
  }
  return {
    succeeded: async (clear = []) => {
      await deleteAttempts(ctx.db, ids);
      await clearKeys(ctx.db, clear);
    },
  };
}
