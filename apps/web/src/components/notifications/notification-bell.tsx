import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { notificationText } from './notification-text';
import {
  type AppNotification,
  fetchLatest,
  fetchUnreadCount,
  notificationKeys,
  readAllNotifications,
  readNotification,
} from './notifications-api';

/** The top bar's bell: the unread count, the latest notifications, read one or all, open each. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    staleTime: 30_000,
  });
  const latest = useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => fetchLatest(signal),
    enabled: opened,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const readOne = useMutation({ mutationFn: readNotification, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: readAllNotifications, onSuccess: refresh });

  const open = (notification: AppNotification) => {
    if (!notification.read) readOne.mutate(notification.id);
    setOpened(false);
    navigate(notification.path);
  };

  const count = unread.data?.count ?? 0;
  return (
    // The indicator wraps the popover so that the button, not the indicator's box, is the popover's
    // target and carries aria-expanded (not allowed on a plain div).
    <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} color="red" offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Notifications (${count} unread)`}
            data-testid="notification-bell"
            data-unread={count}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Group justify="space-between" mb="xs" px={4}>
            <Text fw={600}>Notifications</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={count === 0}
              onClick={() => readAll.mutate()}
            >
              Mark all as read
            </Button>
          </Group>
          <ScrollArea.Autosize mah={400}>
            {(latest.data ?? []).length === 0 ? (
              <Text c="dimmed" size="sm" ta="center" py="md">
                {latest.isPending ? 'Loading…' : 'No notifications.'}
              </Text>
            ) : (
              <Stack gap={2}>
                {(latest.data ?? []).map((notification) => (
                  <UnstyledButton
                    key={notification.id}
                    onClick={() => open(notification)}
                    p={6}
                    style={{ borderRadius: 6 }}
                    bg={notification.read ? undefined : 'var(--mantine-color-blue-light)'}
                    aria-label={notificationText(notification)}
                  >
                    <Text size="sm" fw={notification.read ? 400 : 600} lineClamp={2}>
                      {notificationText(notification)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(notification.createdAt)}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
