import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  type CalendarFeedStatus,
  calendarFeedKey,
  fetchCalendarFeed,
  makeCalendarFeed,
  turnOffCalendarFeed,
} from '../api/calendar-feed';

function confirm(title: string, message: string, confirmLabel: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/**
 * The profile's task calendar feed: a private address calendar programs subscribe to. The address is
 * shown once, right after it is made (the server keeps only a hash of its secret).
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: calendarFeedKey, queryFn: ({ signal }) => fetchCalendarFeed(signal) });
  const [url, setUrl] = useState<string | null>(null);

  const make = useMutation({
    mutationFn: makeCalendarFeed,
    onSuccess: (made) => {
      setUrl(made.url);
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, {
        enabled: true,
        createdAt: made.createdAt,
      });
      toast.success('Calendar feed URL created');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create the calendar feed URL')),
  });
  const turnOff = useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: () => {
      setUrl(null);
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { enabled: false, createdAt: null });
      toast.success('Calendar feed turned off');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to turn the calendar feed off')),
  });

  const enabled = status.data?.enabled ?? false;
  const busy = make.isPending || turnOff.isPending;
  const regenerate = () =>
    confirm(
      'Regenerate the feed URL?',
      'The current URL stops working at once: calendars subscribed to it no longer update until you subscribe them to the new one.',
      'Regenerate',
      () => make.mutate(),
    );
  const off = () =>
    confirm(
      'Turn off the calendar feed?',
      'The URL stops working at once and calendars subscribed to it no longer update.',
      'Turn off',
      () => turnOff.mutate(),
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Title order={4} mb={4} id="calendar-feed-title">
        Calendar feed
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        See your open tasks with a due time in Google Calendar, Outlook or Apple Calendar: subscribe to this
        private URL there. Anyone who has the URL can see these tasks, so keep it to yourself.
      </Text>
      <Stack gap="sm">
        {url && (
          <>
            <Group gap="xs" wrap="nowrap" align="end">
              <TextInput
                label="Feed URL"
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} aria-label="Copy feed URL">
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" role="status">
              Copy it now: it is shown only this once. Regenerate if you need it again.
            </Text>
          </>
        )}
        {enabled && !url && status.data?.createdAt && (
          <Text size="sm">
            Your feed is on (URL made {formatDateTime(status.data.createdAt)}). The URL is shown only when it
            is made: regenerate it to see a new one.
          </Text>
        )}
        <Group gap="sm">
          {status.isSuccess && !enabled && (
            <Button onClick={() => make.mutate()} loading={make.isPending} disabled={busy}>
              Create feed URL
            </Button>
          )}
          {enabled && (
            <>
              <Button variant="default" onClick={regenerate} loading={make.isPending} disabled={busy}>
                Regenerate
              </Button>
              <Button variant="subtle" color="red" onClick={off} loading={turnOff.isPending} disabled={busy}>
                Turn off
              </Button>
            </>
          )}
        </Group>
        {status.isError && (
          <Text size="sm" c="red">
            {errorMessage(status.error, 'Failed to load the calendar feed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
