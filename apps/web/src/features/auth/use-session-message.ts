import { useEffect } from 'react';
import { isSessionExpiring, takeSessionMessage } from '../../lib/session-storage';
import { sessionToast } from '../../lib/toast';

/** Shows the message left by a session expiry or an inactivity logout, once. */
export function useSessionMessage(): void {
  useEffect(() => {
    // The client-side move to /login can render this page before the full load expireSession
    // started replaces it: the message is left for the page that stays.
    if (isSessionExpiring()) return;
    const message = takeSessionMessage();
    if (message) sessionToast[message.kind](message.text);
  }, []);
}
