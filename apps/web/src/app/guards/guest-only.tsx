import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session-context';

/** 000 §2.2: someone already signed in who opens /login is sent to /. */
export function GuestOnly() {
  const { user } = useSession();
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
