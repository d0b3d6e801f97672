import { Outlet } from 'react-router';
import { SessionProvider } from './session/session-provider';

/** The top route: the session needs the router (it navigates), every screen needs the session. */
export function RootLayout() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
