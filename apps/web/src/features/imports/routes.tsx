import type { RouteObject } from 'react-router';

// Each screen is its own chunk, fetched on navigation.
/** The import screens, mounted by app/router.tsx inside the signed-in shell. */
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
