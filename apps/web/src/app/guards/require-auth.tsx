import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session-context';

interface RequireAuthProps {
  /** Roles admitted; anyone signed in when absent. */
  allowedRoles?: readonly string[];
  children?: ReactNode;
}

/** 000 §2.2: no user or an inactive one goes to /login; a role outside the list goes to /. */
export function RequireAuth({ allowedRoles, children }: RequireAuthProps) {
  const { user } = useSession();
  if (!user?.isActive) return <Navigate to="/login" replace />;
  if (allowedRoles && !allowedRoles.includes(user.role)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
