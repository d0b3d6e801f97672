import type { RouteObject } from 'react-router';

/** My Tasks, a chunk of its own like every screen. */
export const taskRoutes: RouteObject[] = [
  {
    path: '/my-tasks',
    lazy: async () => ({ Component: (await import('./routes/my-tasks-page')).MyTasksPage }),
  },
];
