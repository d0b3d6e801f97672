import { USERS_ROUTE_ROLES } from '@crm/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { agencyRoutes } from '../features/agencies/routes';
import { contactRoutes } from '../features/contacts/routes';
import { importRoutes } from '../features/imports/routes';
import { productRoutes } from '../features/products/routes';
import { taskRoutes } from '../features/tasks/routes';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { registerPreloadRoutes } from './route-preload';

/**
 * 000 §2.1. Each feature lists its own routes; they all live inside the signed-in shell. Every screen,
 * and the shell itself, is a chunk of its own: the login page loads none of the signed-in code.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: '/login',
            lazy: async () => ({ Component: (await import('../features/auth/routes/login-page')).LoginPage }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-layout')).AppLayout }),
            children: [
              {
                path: '/',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/routes/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: '/profile',
                lazy: async () => ({
                  Component: (await import('../features/profile/routes/profile-page')).ProfilePage,
                }),
              },
              {
                path: '/users',
                lazy: async () => {
                  const { UsersPage } = await import('../features/users/routes/users-page');
                  return {
                    element: (
                      <RequireAuth allowedRoles={USERS_ROUTE_ROLES}>
                        <UsersPage />
                      </RequireAuth>
                    ),
                  };
                },
              },
              {
                path: '/new-user',
                lazy: async () => ({
                  Component: (await import('../features/users/routes/new-user-page')).NewUserPage,
                }),
              },
              {
                path: '/edit-user/:id',
                lazy: async () => ({
                  Component: (await import('../features/users/routes/edit-user-page')).EditUserPage,
                }),
              },
              ...contactRoutes,
              ...agencyRoutes,
              ...productRoutes,
              ...importRoutes,
              ...taskRoutes,
              {
                // Merges are for admins only, like the merge API.
                path: '/merge/:kind/:survivorId/:otherId',
                lazy: async () => {
                  const { MergePage } = await import('../features/merge/routes/merge-page');
                  return {
                    element: (
                      <RequireAuth allowedRoles={['admin']}>
                        <MergePage />
                      </RequireAuth>
                    ),
                  };
                },
              },
              {
                path: '*',
                lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
              },
            ],
          },
        ],
      },
    ],
  },
];

registerPreloadRoutes(routes);

export const router = createBrowserRouter(routes);
