import type { RouteObject } from 'react-router';
import { AgenciesPage } from './routes/agencies-page';
import { AgencyDetailPage } from './routes/agency-detail-page';
import { EditAgencyPage } from './routes/edit-agency-page';
import { NewAgencyPage } from './routes/new-agency-page';

/** The agencies screens (002 §2), mounted by app/router.tsx inside the signed-in shell. */
export const agencyRoutes: RouteObject[] = [
  { path: '/agencies', element: <AgenciesPage /> },
  { path: '/new-agency', element: <NewAgencyPage /> },
  { path: '/edit-agency/:id', element: <EditAgencyPage /> },
  { path: '/agency/:id', element: <AgencyDetailPage /> },
];
