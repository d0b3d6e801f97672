import { USERS_ROUTE_ROLES } from '@crm/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { agencyRoutes } from '../features/agencies/routes';
import { LoginPage } from '../features/auth/routes/login-page';
import { contactRoutes } from '../features/contacts/routes';
import { dealRoutes } from '../features/deals/routes';
import { importRoutes } from '../features/imports/routes';
import { productRoutes } from '../features/products/routes';
import { taskRoutes } from '../features/tasks/routes';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { registerPreloadRoutes } from './route-preload';

/**
 * 000 §2.1. Each feature lists its own routes; they all live inside the signed-in shell. Every signed-in
 * screen, and the shell itself, is a chunk of its own: the login page loads none of their code.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            // In the entry rather than a chunk of its own: the first screen of most visits, and
            // small beside the requests a lazy chunk and its shared pieces cost.
            path: '/login',
            Component: LoginPage,
          },
          {
            path: '/login/sso',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/sso-callback-page')).SsoCallbackPage,
            }),
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
              ...dealRoutes,
              ...agencyRoutes,
              ...productRoutes,
              ...taskRoutes,
              ...importRoutes,
              {
                path: '/duplicates',
                lazy: async () => {
                  const { DuplicatesPage } = await import('../features/merge/routes/duplicates-page');
                  return {
                    element: (
                      <RequireAuth allowedRoles={['admin']}>
                        <DuplicatesPage />
                      </RequireAuth>
                    ),
                  };
                },
              },
              {
                path: '/audit',
                lazy: async () => {
                  const { AuditPage } = await import('../features/audit/routes/audit-page');
                  return {
                    element: (
                      <RequireAuth allowedRoles={['admin']}>
                        <AuditPage />
                      </RequireAuth>
                    ),
                  };
                },
              },
              {
                path: '/settings/webhooks',
                lazy: async () => {
                  const { WebhooksPage } = await import('../features/webhooks/routes/webhooks-page');
                  return {
                    element: (
                      <RequireAuth allowedRoles={['admin']}>
                        <WebhooksPage />
                      </RequireAuth>
                    ),
                  };
                },
              },
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
