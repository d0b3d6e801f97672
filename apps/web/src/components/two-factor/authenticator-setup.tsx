import type { TwoFactorSetup } from '@crm/domain';
import { Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OneTimeCodeInput } from './one-time-code-input';

interface AuthenticatorSetupProps {
  setup: TwoFactorSetup;
  /** Confirms the code; answers the field's message when it was refused. */
  onConfirm: (code: string) => Promise<string | undefined>;
  onCancel?: () => void;
}

/** The QR code to scan, the same key to type, and the code that proves the app has it. */
export function AuthenticatorSetup({ setup, onConfirm, onCancel }: AuthenticatorSetupProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(await onConfirm(code.trim()));
    setSubmitting(false);
  };

  // The key in groups of four, as authenticator apps show and accept it.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator
          or 1Password), then enter the 6-digit code it shows.
        </Text>
        <Image
          src={setup.qr}
          alt="QR code to add this account to an authenticator app"
          w={200}
          h={200}
          fit="contain"
          style={{ imageRendering: 'pixelated', background: 'white' }}
        />
        <Text size="sm" id="two-factor-key-label">
          Can’t scan it? Enter this key in the app instead:
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code
            data-testid="two-factor-secret"
            aria-labelledby="two-factor-key-label"
            style={{ wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-sm)' }}
          >
            {grouped}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <OneTimeCodeInput label="6-digit code" value={code} onChange={setCode} error={error} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
