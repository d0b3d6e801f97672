import type { RouteObject } from 'react-router';

/** The agencies screens (002 §2), mounted by app/router.tsx inside the signed-in shell; one chunk each. */
export const agencyRoutes: RouteObject[] = [
  {
    path: '/agencies',
    lazy: async () => ({ Component: (await import('./routes/agencies-page')).AgenciesPage }),
  },
  {
    path: '/new-agency',
    lazy: async () => ({ Component: (await import('./routes/new-agency-page')).NewAgencyPage }),
  },
  {
    path: '/edit-agency/:id',
    lazy: async () => ({ Component: (await import('./routes/edit-agency-page')).EditAgencyPage }),
  },
  {
    path: '/agency/:id',
    lazy: async () => ({ Component: (await import('./routes/agency-detail-page')).AgencyDetailPage }),
  },
];
