import { greeting } from '@crm/domain';
import { Text } from '@mantine/core';
import { useSession } from '../../lib/session-context';
import { useCurrentHour } from './use-current-hour';
import { useGreetingEmoji } from './use-greeting-emoji';

export function GreetingText() {
  const { user } = useSession();
  const hour = useCurrentHour();
  const emoji = useGreetingEmoji();
  return (
    <Text fw={600} fz="md" truncate="end" data-testid="greeting">
      {greeting(hour, user?.name)} <span aria-hidden="true">{emoji}</span>
    </Text>
  );
}
