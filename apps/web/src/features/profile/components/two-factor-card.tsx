import { type TwoFactorSetup, twoFactorMessages } from '@crm/domain';
import { Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AuthenticatorSetup, RecoveryCodes } from '../../../components/two-factor';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  confirmTwoFactor,
  disableTwoFactor,
  fetchTwoFactorStatus,
  startTwoFactorSetup,
  twoFactorKey,
} from '../api/two-factor';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/** The profile's "Two-factor sign-in": turn it on (QR, key, code, recovery codes once) or off. */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => fetchTwoFactorStatus(signal) });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKey });

  const start = async () => {
    setStarting(true);
    try {
      setStep({ kind: 'setup', setup: await startTwoFactorSetup() });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to start two-factor setup'));
    } finally {
      setStarting(false);
    }
  };

  const confirm = async (code: string) => {
    try {
      const { recoveryCodes } = await confirmTwoFactor(code);
      setStep({ kind: 'codes', codes: recoveryCodes });
      await refresh();
      return undefined;
    } catch (error) {
      const message = fieldErrorsOf(error).code ?? errorMessage(error, twoFactorMessages.invalidCode);
      toast.error(message);
      return message;
    }
  };

  const enabled = status.data?.enabled ?? false;
  let body: ReactNode;
  if (step.kind === 'setup') {
    body = (
      <AuthenticatorSetup setup={step.setup} onConfirm={confirm} onCancel={() => setStep({ kind: 'idle' })} />
    );
  } else if (step.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          setStep({ kind: 'idle' });
          toast.success(twoFactorMessages.enabled);
        }}
      />
    );
  } else if (step.kind === 'disable') {
    body = (
      <DisableForm
        onCancel={() => setStep({ kind: 'idle' })}
        onDone={async () => {
          setStep({ kind: 'idle' });
          toast.success(twoFactorMessages.disabled);
          await refresh();
        }}
      />
    );
  } else if (enabled) {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          You enter a code from your authenticator app after your password. {status.data?.recoveryCodesLeft}{' '}
          recovery codes left.
        </Text>
        {status.data?.required ? (
          <Text size="sm" c="dimmed">
            {twoFactorMessages.stillRequired}.
          </Text>
        ) : (
          <Group justify="flex-end">
            <Button variant="light" color="red" onClick={() => setStep({ kind: 'disable' })}>
              Turn off
            </Button>
          </Group>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Add a second step to signing in: a code from an authenticator app on your phone, so that your
          password alone is not enough.
        </Text>
        <Group justify="flex-end">
          <Button onClick={start} loading={starting} disabled={status.isPending}>
            Turn on two-factor sign-in
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h3" id="two-factor-title">
          Two-factor sign-in
        </Title>
        {status.data && (
          <Badge color={enabled ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {enabled ? 'On' : 'Off'}
          </Badge>
        )}
      </Group>
      {body}
    </Card>
  );
}

function DisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      await disableTwoFactor({ password });
      await onDone();
    } catch (failure) {
      const message =
        fieldErrorsOf(failure).password ?? errorMessage(failure, 'Failed to turn off two-factor sign-in');
      setError(message);
      toast.error(message);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Your password"
          name="twoFactorPassword"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving}>
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
