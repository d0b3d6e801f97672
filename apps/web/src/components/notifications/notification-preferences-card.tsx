import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationPreferenceKey,
  TASK_DIGEST,
  TASK_DIGEST_LABEL,
} from '@crm/domain';
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AppConfig, useAppConfig } from '../../lib/app-config';
import { toast } from '../../lib/toast';
import { fetchPreferences, notificationKeys, savePreferences } from './notifications-api';

const emailDigest = (config: AppConfig) => config.emailDigest;

/** The profile screen's notification settings: each kind can be turned off, and the e-mail digest. */
export function NotificationPreferencesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => fetchPreferences(signal),
  });
  const digestOffered = useAppConfig(emailDigest);
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.preferences, saved);
      toast.success('Notification settings saved');
    },
    onError: () => toast.error('Failed to save notification settings'),
  });
  const toggle = (key: NotificationPreferenceKey, enabled: boolean) => save.mutate({ [key]: enabled });
  const labels: [NotificationPreferenceKey, string][] = [
    ...NOTIFICATION_KINDS.map((kind): [NotificationPreferenceKey, string] => [
      kind,
      NOTIFICATION_KIND_LABELS[kind],
    ]),
    ...(digestOffered.data ? [[TASK_DIGEST, TASK_DIGEST_LABEL] as [NotificationPreferenceKey, string]] : []),
  ];

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Choose what the bell tells you about.
      </Text>
      <Stack gap="sm">
        {labels.map(([key, label]) => (
          <Switch
            key={key}
            label={label}
            checked={preferences.data?.[key] ?? true}
            disabled={!preferences.data || save.isPending}
            onChange={(event) => toggle(key, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Card>
  );
}
