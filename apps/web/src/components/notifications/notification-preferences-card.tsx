import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@crm/domain';
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { fetchPreferences, notificationKeys, savePreferences } from './notifications-api';

/** The profile screen's notification settings: each kind can be turned off. */
export function NotificationPreferencesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => fetchPreferences(signal),
  });
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.preferences, saved);
      toast.success('Notification settings saved');
    },
    onError: () => toast.error('Failed to save notification settings'),
  });
  const toggle = (kind: NotificationKind, enabled: boolean) => save.mutate({ [kind]: enabled });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Choose what the bell tells you about.
      </Text>
      <Stack gap="sm">
        {NOTIFICATION_KINDS.map((kind) => (
          <Switch
            key={kind}
            label={NOTIFICATION_KIND_LABELS[kind]}
            checked={preferences.data?.[kind] ?? true}
            disabled={!preferences.data || save.isPending}
            onChange={(event) => toggle(kind, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Card>
  );
}
