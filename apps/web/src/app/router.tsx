import { USERS_ROUTE_ROLES } from '@crm/domain';
import { createBrowserRouter } from 'react-router';
import { agencyRoutes } from '../features/agencies/routes';
import { LoginPage } from '../features/auth/routes/login-page';
import { contactRoutes } from '../features/contacts/routes';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { MergeContactsPage } from '../features/merge/routes/merge-contacts-page';
import { productRoutes } from '../features/products/routes';
import { ProfilePage } from '../features/profile/routes/profile-page';
import { EditUserPage } from '../features/users/routes/edit-user-page';
import { NewUserPage } from '../features/users/routes/new-user-page';
import { UsersPage } from '../features/users/routes/users-page';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { AppLayout } from './shell/app-layout';

/** 000 §2.1. Each feature lists its own routes; they all live inside the signed-in shell. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [{ path: '/login', element: <LoginPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <DashboardPage /> },
              { path: '/profile', element: <ProfilePage /> },
              {
                path: '/users',
                element: (
                  <RequireAuth allowedRoles={USERS_ROUTE_ROLES}>
                    <UsersPage />
                  </RequireAuth>
                ),
              },
              { path: '/new-user', element: <NewUserPage /> },
              { path: '/edit-user/:id', element: <EditUserPage /> },
              ...contactRoutes,
              ...agencyRoutes,
              ...productRoutes,
              {
                // Merges are for admins only, like the merge API.
                path: '/merge/contacts/:survivorId/:otherId',
                element: (
                  <RequireAuth allowedRoles={['admin']}>
                    <MergeContactsPage />
                  </RequireAuth>
                ),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
