import { authMessages, type User } from '@crm/domain';
import { readItem, removeItem, writeItem } from './local-storage';
import { SESSION_MESSAGE_KEY, STORAGE_KEYS } from './storage-keys';

export function readToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

export function writeToken(token: string): void {
  writeItem(STORAGE_KEYS.token, token);
}

export function readStoredUser(): User | null {
  return parseStoredUser(readItem(STORAGE_KEYS.user));
}

export function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUserRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: User): void {
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Removes what a session leaves in storage: user, token and the greeting emoji (000 §4). */
export function clearStoredSession(): void {
  removeItem(STORAGE_KEYS.user);
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.layoutEmoji);
}

let expiring = false;

export type SessionMessageKind = 'error' | 'info';

export interface SessionMessage {
  kind: SessionMessageKind;
  text: string;
}

export function leaveSessionMessage(message: SessionMessage): void {
  try {
    window.sessionStorage.setItem(SESSION_MESSAGE_KEY, JSON.stringify(message));
  } catch {
    // Without sessionStorage the login screen simply shows no message.
  }
}

/**
 * Reads and forgets the message left for the login screen. While an expiry's full page load is on
 * its way, the login screen the router shows meanwhile leaves the message for the reloaded one.
 */
export function takeSessionMessage(): SessionMessage | null {
  if (expiring) return null;
  try {
    const raw = window.sessionStorage.getItem(SESSION_MESSAGE_KEY);
    window.sessionStorage.removeItem(SESSION_MESSAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { kind, text } = value as Record<string, unknown>;
    if ((kind === 'error' || kind === 'info') && typeof text === 'string') return { kind, text };
    return null;
  } catch {
    return null;
  }
}

/** True once expireSession has sent the page to /login: the page is about to be replaced. */
export function isSessionExpiring(): boolean {
  return expiring;
}

/**
 * Ends an expired session: clears storage and does a full page load of /login (000 §2.2), where
 * the message "Session expired. Please log in again." is shown. Safe to call several times.
 */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  clearStoredSession();
  leaveSessionMessage({ kind: 'error', text: authMessages.sessionExpired });
  window.location.assign('/login');
}

function isUserRecord(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'number' &&
    typeof record.name === 'string' &&
    typeof record.role === 'string' &&
    typeof record.isActive === 'boolean'
  );
}
