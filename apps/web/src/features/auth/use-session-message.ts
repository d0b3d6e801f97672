import { useEffect } from 'react';
import { takeSessionMessage } from '../../lib/session-storage';
import { sessionToast } from '../../lib/toast';

/** Shows the message left by a session expiry or an inactivity logout, once. */
export function useSessionMessage(): void {
  useEffect(() => {
    const message = takeSessionMessage();
    if (message) sessionToast[message.kind](message.text);
  }, []);
}
