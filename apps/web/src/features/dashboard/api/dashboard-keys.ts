export const dashboardKeys = {
  count: (what: string) => ['dashboard', 'count', what] as const,
  recent: ['dashboard', 'recent'] as const,
  charts: ['dashboard', 'charts'] as const,
};
