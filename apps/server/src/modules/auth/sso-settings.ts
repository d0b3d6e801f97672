import {
  PASSWORD_SIGN_IN,
  type PasswordSignIn,
  SSO_UNKNOWN_PEOPLE,
  type SsoLoginOptions,
  type SsoUnknownPeople,
  ssoMessages,
} from '@crm/domain';
import type { Db } from '../../db/database.js';
import { getSetting, putSetting } from '../../db/settings.js';
import { forbidden } from '../../lib/http-errors.js';
import type { UserRow } from '../users/user-reads.js';

const KEY = 'sso';

/** The provider's settings as stored, secret included: never answered to a client as they are. */
export interface StoredSso {
  enabled: boolean;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  unknownPeople: SsoUnknownPeople;
  passwordSignIn: PasswordSignIn;
}

export const SSO_DEFAULTS: StoredSso = {
  enabled: false,
  displayName: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  allowedDomains: [],
  unknownPeople: 'refuse',
  passwordSignIn: 'everyone',
};

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  choices.find((choice) => choice === value) ?? fallback;

/** The stored settings; anything missing or unreadable falls back to the safe default (off, refuse). */
export async function readSso(db: Db): Promise<StoredSso> {
  const raw = await getSetting(db, KEY);
  let parsed: Record<string, unknown> = {};
  try {
    parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  const d = SSO_DEFAULTS;
  return {
    enabled: parsed.enabled === true,
    displayName: text(parsed.displayName, d.displayName),
    issuer: text(parsed.issuer, d.issuer),
    clientId: text(parsed.clientId, d.clientId),
    clientSecret: text(parsed.clientSecret, d.clientSecret),
    allowedDomains: Array.isArray(parsed.allowedDomains)
      ? parsed.allowedDomains.filter((each): each is string => typeof each === 'string')
      : [],
    unknownPeople: oneOf(SSO_UNKNOWN_PEOPLE, parsed.unknownPeople, d.unknownPeople),
    passwordSignIn: oneOf(PASSWORD_SIGN_IN, parsed.passwordSignIn, d.passwordSignIn),
  };
}

export async function writeSso(db: Db, settings: StoredSso): Promise<void> {
  await putSetting(db, KEY, JSON.stringify(settings));
}

/** Whether sign-in through the provider is on and complete enough to start. */
export const ssoUsable = (s: StoredSso): boolean =>
  s.enabled && s.issuer !== '' && s.clientId !== '' && s.clientSecret !== '';

export async function ssoLoginOptions(db: Db): Promise<SsoLoginOptions> {
  const s = await readSso(db);
  const enabled = ssoUsable(s);
  return {
    enabled,
    displayName: enabled ? s.displayName : '',
    passwordSignIn: enabled ? s.passwordSignIn : 'everyone',
  };
}

/**
 * With the password form off for all but admins, a right password of anyone else is refused: the
 * server decides, not the hidden form. Admins always keep it, so a broken provider locks nobody out.
 * Checked after the password, so the answer tells nothing to someone who does not know it.
 */
export async function assertPasswordSignInAllowed(db: Db, user: UserRow): Promise<void> {
  if (user.role === 'admin') return;
  const s = await readSso(db);
  if (ssoUsable(s) && s.passwordSignIn === 'admins') throw forbidden(ssoMessages.passwordSignInOff);
}
