import { twoFactorMessages } from '@crm/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { OneTimeCodeInput } from '../../../components/two-factor';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { sessionToast } from '../../../lib/toast';
import type { SignedIn } from '../api/login';
import { completeSignIn } from '../api/second-factor';

interface SecondFactorFormProps {
  challenge: string;
  onSignedIn: (answer: SignedIn) => void;
  onBack: () => void;
}

/** The sign-in's second step: the authenticator's code, or one of the recovery codes. */
export function SecondFactorForm({ challenge, onSignedIn, onBack }: SecondFactorFormProps) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(undefined);
    try {
      const typed = value.trim();
      onSignedIn(
        await completeSignIn(recovery ? { challenge, recoveryCode: typed } : { challenge, code: typed }),
      );
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      const message =
        fields.code ?? fields.recoveryCode ?? errorMessage(failure, twoFactorMessages.invalidCode);
      sessionToast.error(message);
      setError(message);
      setSubmitting(false);
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setValue('');
    setError(undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        <OneTimeCodeInput
          key={recovery ? 'recovery' : 'totp'}
          kind={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          value={value}
          onChange={setValue}
          error={error}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Verify
        </Button>
        <Stack gap={4} align="center">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
            Back to login
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
