import { Badge } from '@mantine/core';

export function AgencyStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'red'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
