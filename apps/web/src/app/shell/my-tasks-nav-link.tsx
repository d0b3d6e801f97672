import { Badge } from '@mantine/core';
import { useTaskSummary } from '../../components/tasks/use-tasks';
import { NavEntryLink } from './nav-entry-link';
import { MY_TASKS_NAV } from './nav-items';

/** My Tasks in the sidebar, with a badge counting the open tasks due today or already overdue. */
export function MyTasksNavLink({ path, onNavigate }: { path: string; onNavigate: () => void }) {
  const summary = useTaskSummary();
  const due = summary.data ? summary.data.overdue + summary.data.today : 0;
  return (
    <NavEntryLink
      entry={MY_TASKS_NAV}
      path={path}
      onNavigate={onNavigate}
      rightSection={
        due > 0 ? (
          <Badge
            size="sm"
            circle={due < 10}
            color={summary.data?.overdue ? 'red' : 'blue'}
            aria-label={`${due} tasks due`}
          >
            {due}
          </Badge>
        ) : undefined
      }
    />
  );
}
