import { authMessages, type User } from '@crm/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../lib/api-client';
import { type LogoutReason, type Session, SessionContext } from '../../lib/session-context';
import {
  clearStoredSession,
  expireSession,
  leaveSessionMessage,
  parseStoredUser,
  readToken,
  writeStoredUser,
  writeToken,
} from '../../lib/session-storage';
import { refreshCurrentUser } from './refresh-current-user';
import { type RestoredSession, restoreSession } from './restore-session';
import { useSessionWatch } from './use-session-watch';

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [restored] = useState<RestoredSession>(() => restoreSession());
  const [user, setUserState] = useState<User | null>(restored.state === 'signed-in' ? restored.user : null);

  useEffect(() => {
    if (restored.state === 'expired') expireSession();
  }, [restored]);

  // 000 §4: whenever the user record changes it is saved to storage.
  useEffect(() => {
    if (user) writeStoredUser(user);
  }, [user]);

  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    refreshCurrentUser(controller.signal).then((fresh) => {
      if (fresh) setUserState(fresh);
    });
    return () => controller.abort();
  }, [signedIn]);

  const logout = useCallback(
    (reason: LogoutReason = 'user') => {
      const token = readToken();
      if (token) {
        // Best effort: the server ends the session; the browser forgets it either way.
        apiFetch('/auth/logout', { method: 'POST', token, expireOn401: false }).catch(() => undefined);
      }
      clearStoredSession();
      if (reason === 'inactivity') leaveSessionMessage({ kind: 'info', text: authMessages.inactivityLogout });
      // The shell, and the query cache it holds, unmount with the user: nothing cached survives.
      setUserState(null);
      navigate('/login', { replace: true });
    },
    [navigate],
  );

  const onUserChangedElsewhere = useCallback((raw: string | null) => {
    const next = parseStoredUser(raw);
    if (next) setUserState(next);
  }, []);

  useSessionWatch({ signedIn, logout, onUserChangedElsewhere });

  const session = useMemo<Session>(
    () => ({
      user,
      signIn: (token, signedInUser) => {
        writeToken(token);
        writeStoredUser(signedInUser);
        setUserState(signedInUser);
      },
      setUser: setUserState,
      setToken: writeToken,
      logout,
    }),
    [user, logout],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
