import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@crm/domain';
import type { Db } from '../../db/database.js';
import { getSetting, putSettingOnce } from '../../db/settings.js';

/** No 0/O or 1/I: the codes are read off paper. 32 symbols, 10 of them: 50 random bits a code. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

/** Ten fresh codes as shown to the person, grouped "ABCDE-FGHJK". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
  });
}

/** A code as typed (any case, with or without the dash) in the form its digest is taken of. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

const KEY = 'recovery_code_key';

/** The installation's key for the digests: made once, on first use. */
export async function recoveryCodeKey(db: Db): Promise<string> {
  return (await getSetting(db, KEY)) ?? putSettingOnce(db, KEY, randomBytes(32).toString('base64url'));
}

/**
 * A keyed digest (HMAC-SHA256 with a key kept in the settings table) rather than argon2: the codes
 * are random, so a slow hash adds nothing, and an exact digest lets one UPDATE find a code and mark
 * it used (see docs/decisions.md, "Two-factor sign-in").
 */
export function recoveryCodeDigest(key: string, code: string): string {
  return createHmac('sha256', key).update(normaliseRecoveryCode(code)).digest('hex');
}

/** Challenges are 256 random bits: a plain digest keeps a copied table from being used. */
export function challengeDigest(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}
