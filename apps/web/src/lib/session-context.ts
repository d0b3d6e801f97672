import type { User } from '@crm/domain';
import { createContext, useContext } from 'react';

export type LogoutReason = 'user' | 'inactivity';

/** The signed-in session as screens see it; provided by app/session/session-provider.tsx. */
export interface Session {
  user: User | null;
  /** Stores the token and user of a successful login. */
  signIn: (token: string, user: User) => void;
  /** Replaces the user record (saved to storage). */
  setUser: (user: User) => void;
  /** Replaces the token, e.g. the new one a password change answers with. */
  setToken: (token: string) => void;
  logout: (reason?: LogoutReason) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The signed-in user, for screens behind the route guard. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
