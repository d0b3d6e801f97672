import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-error';
import { EMPTY_VALUE, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeliveries, useRedeliver } from '../api/webhooks-api';

const STATE_COLOR = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

/** One endpoint's latest deliveries, newest first, each of which can be sent again. */
export function WebhookDeliveries({ id, url }: { id: number; url: string }) {
  const { data: deliveries = [], isLoading } = useDeliveries(id);
  const redeliver = useRedeliver();
  return (
    <>
      <Title order={2} size="h4" mt="lg">
        Deliveries to {url}
      </Title>
      {!isLoading && deliveries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing sent yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Last attempt</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>{delivery.event}</Table.Td>
                  <Table.Td>
                    {delivery.record.kind} #{delivery.record.id}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[delivery.state]} variant="light">
                      {delivery.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>{delivery.lastError ?? delivery.lastStatus ?? EMPTY_VALUE}</Table.Td>
                  <Table.Td>{formatDateTime(delivery.lastAttemptAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={delivery.state === 'pending'}
                      onClick={() =>
                        redeliver.mutate(
                          { id, deliveryId: delivery.id },
                          {
                            onSuccess: () => toast.success('Sent again'),
                            onError: (error) => toast.error(errorMessage(error, 'Error trying to redeliver')),
                          },
                        )
                      }
                    >
                      Redeliver
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
