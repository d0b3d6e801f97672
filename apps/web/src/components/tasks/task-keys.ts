/** Every task query sits under ['tasks'], so one invalidation refreshes My Tasks, badges and tabs. */
export const taskKeys = {
  all: ['tasks'] as const,
  group: (group: string) => ['tasks', 'mine', group] as const,
  summary: ['tasks', 'summary'] as const,
  record: (basePath: string) => ['tasks', 'record', basePath] as const,
  assignees: ['tasks', 'assignees'] as const,
};
