import type { RouteObject } from 'react-router';

/** The import screens, mounted by app/router.tsx inside the signed-in shell; each is its own chunk. */
export const importRoutes: RouteObject[] = [
  {
    path: '/imports',
    lazy: async () => ({ Component: (await import('./routes/import-history-page')).ImportHistoryPage }),
  },
  {
    path: '/imports/new',
    lazy: async () => ({ Component: (await import('./routes/new-import-page')).NewImportPage }),
  },
  {
    path: '/imports/:id',
    lazy: async () => ({ Component: (await import('./routes/import-page')).ImportPage }),
  },
];
