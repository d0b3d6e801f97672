import type { RouteObject } from 'react-router';

/**
 * The deals screens, mounted by app/router.tsx inside the signed-in shell: the board at /deals, the
 * same deals as a list, the report a sales manager reads, a new deal and one deal's page. Static
 * segments rank before /deals/:id, so /deals/list is never read as a deal's id.
 */
export const dealRoutes: RouteObject[] = [
  {
    path: '/deals',
    lazy: async () => ({ Component: (await import('./board/deals-board-page')).DealsBoardPage }),
  },
  {
    path: '/deals/list',
    lazy: async () => ({ Component: (await import('./list/deals-list-page')).DealsListPage }),
  },
  {
    path: '/deals/report',
    lazy: async () => ({ Component: (await import('./report/deals-report-page')).DealsReportPage }),
  },
  {
    path: '/deals/new',
    lazy: async () => ({ Component: (await import('./form/new-deal-page')).NewDealPage }),
  },
  {
    path: '/deals/:id',
    lazy: async () => ({ Component: (await import('./detail/deal-detail-page')).DealDetailPage }),
  },
];
