import type { RouteObject } from 'react-router';
import { ImportHistoryPage } from './routes/import-history-page';
import { ImportPage } from './routes/import-page';
import { NewImportPage } from './routes/new-import-page';

/** The import screens, mounted by app/router.tsx inside the signed-in shell. */
export const importRoutes: RouteObject[] = [
  { path: '/imports', element: <ImportHistoryPage /> },
  { path: '/imports/new', element: <NewImportPage /> },
  { path: '/imports/:id', element: <ImportPage /> },
];
