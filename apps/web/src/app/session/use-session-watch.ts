import { isTokenValid } from '@crm/domain';
import { useEffect, useRef } from 'react';
import type { LogoutReason } from '../../lib/session-context';
import { expireSession, readToken } from '../../lib/session-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { ACTIVITY_EVENTS, INACTIVITY_TIMEOUT_MS, TOKEN_CHECK_INTERVAL_MS } from './session-timing';

interface SessionWatchOptions {
  signedIn: boolean;
  logout: (reason: LogoutReason) => void;
  /** Another tab stored a different user record. */
  onUserChangedElsewhere: (raw: string | null) => void;
}

/**
 * While signed in: re-checks the stored token every 10 s, follows token changes made in other
 * tabs, and logs out after 120 minutes without mouse, keyboard, scroll or click activity.
 */
export function useSessionWatch({ signedIn, logout, onUserChangedElsewhere }: SessionWatchOptions): void {
  const logoutRef = useRef(logout);
  const userChangedRef = useRef(onUserChangedElsewhere);
  logoutRef.current = logout;
  userChangedRef.current = onUserChangedElsewhere;

  useEffect(() => {
    if (!signedIn) return;
    let lastActivity = Date.now();
    const markActivity = () => {
      lastActivity = Date.now();
    };
    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, markActivity, { capture: true, passive: true });
    }

    const check = () => {
      if (!isTokenValid(readToken())) expireSession();
      else if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS) logoutRef.current('inactivity');
    };
    const interval = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS);

    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === STORAGE_KEYS.token || event.key === null) {
        const token = event.key === null ? readToken() : event.newValue;
        if (token === null) logoutRef.current('user');
        else if (!isTokenValid(token)) expireSession();
      } else if (event.key === STORAGE_KEYS.user && event.newValue !== null) {
        userChangedRef.current(event.newValue);
      }
    };
    window.addEventListener('storage', onStorage);

    return () => {
      for (const event of ACTIVITY_EVENTS) {
        window.removeEventListener(event, markActivity, { capture: true });
      }
      window.clearInterval(interval);
      window.removeEventListener('storage', onStorage);
    };
  }, [signedIn]);
}
