import { WEBHOOK_EVENT_LABELS } from '@crm/domain';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../../components/record-tabs/confirm-action';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks, type Webhook } from '../api/webhooks-api';
import { NewWebhookForm } from '../components/new-webhook-form';
import { WebhookDeliveries } from '../components/webhook-deliveries';

/** Admins' webhooks: the endpoints, turning them on and off, and each one's delivery log. */
/** A status badge keeps its whole word: the table scrolls sideways before it cuts one. */
const FULL_BADGE = { minWidth: 'max-content' } as const;

export function WebhooksPage() {
  const { data: webhooks = [] } = useWebhooks();
  const [shown, setShown] = useState<number | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const selected = webhooks.find((hook) => hook.id === shown);

  const toggle = (hook: Webhook, isActive: boolean) =>
    update.mutate(
      { id: hook.id, isActive },
      {
        onSuccess: () => toast.success(isActive ? 'Webhook turned on' : 'Webhook turned off'),
        onError: (error) => toast.error(errorMessage(error, 'Error trying to change the webhook')),
      },
    );

  const confirmDelete = (hook: Webhook) =>
    confirmAction({
      title: 'Delete webhook',
      message: `Delete the webhook to ${hook.url} and its delivery log?`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(hook.id, {
          onSuccess: () => {
            if (shown === hook.id) setShown(null);
            toast.success('Webhook deleted');
          },
          onError: (error) => toast.error(errorMessage(error, 'Error trying to delete the webhook')),
        }),
    });

  return (
    <Stack>
      <Title order={1}>Webhooks</Title>
      <Text c="dimmed" size="sm">
        Other systems hear of changes here: each event is sent signed (Standard Webhooks) to the addresses
        below.
      </Text>
      <NewWebhookForm />
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Webhooks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sending</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {webhooks.map((hook) => (
              <Table.Tr key={hook.id}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{hook.url}</Table.Td>
                <Table.Td>
                  <Text size="sm" title={hook.events.map((kind) => WEBHOOK_EVENT_LABELS[kind]).join('\n')}>
                    {hook.events.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {hook.isActive ? (
                    <Badge color="teal" variant="light" style={FULL_BADGE}>
                      Active
                    </Badge>
                  ) : (
                    <Badge
                      color="gray"
                      variant="light"
                      title={hook.disabledReason ?? undefined}
                      style={FULL_BADGE}
                    >
                      {hook.disabledReason ?? 'Turned off'}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => toggle(hook, !hook.isActive)}>
                    {hook.isActive ? 'Turn off' : 'Turn on'}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setShown(hook.id)}>
                      Deliveries
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => confirmDelete(hook)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {webhooks.length === 0 && (
        <Text c="dimmed" size="sm">
          No webhooks yet.
        </Text>
      )}
      {selected && <WebhookDeliveries id={selected.id} url={selected.url} />}
    </Stack>
  );
}
