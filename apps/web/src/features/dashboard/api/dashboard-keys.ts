export const dashboardKeys = {
  all: ['dashboard'] as const,
  count: (what: string) => ['dashboard', 'count', what] as const,
  recent: ['dashboard', 'recent'] as const,
  charts: ['dashboard', 'charts'] as const,
  deals: ['dashboard', 'deals'] as const,
  dealFigure: (report: string) => ['dashboard', 'deals', report] as const,
};
