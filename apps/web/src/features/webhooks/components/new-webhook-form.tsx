import { WEBHOOK_EVENT_KINDS, WEBHOOK_EVENT_LABELS } from '@crm/domain';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useCreateWebhook } from '../api/webhooks-api';

/** Registers an endpoint; its signing secret is shown here once, and never again. */
export function NewWebhookForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateWebhook();

  const submit = () => {
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setUrl('');
          setEvents([]);
          setErrors({});
          toast.success('Webhook added');
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else toast.error(errorMessage(error, 'Error trying to add the webhook'));
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Add a webhook
        </Title>
        <TextInput
          label="URL"
          placeholder="https://example.com/crm-events"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url}
        />
        <Checkbox.Group label="Events" value={events} onChange={setEvents} error={errors.events}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {WEBHOOK_EVENT_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={WEBHOOK_EVENT_LABELS[kind]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Button onClick={submit} loading={create.isPending}>
            Add webhook
          </Button>
        </Group>
        {secret && (
          <Alert color="yellow" title="Signing secret" withCloseButton onClose={() => setSecret(null)}>
            <Text size="sm" mb="xs">
              Copy it now: it is shown only this once. Your receiver verifies each delivery with it.
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
