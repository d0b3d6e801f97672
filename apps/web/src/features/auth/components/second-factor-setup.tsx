import { type TwoFactorSetup, twoFactorMessages } from '@crm/domain';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AuthenticatorSetup, RecoveryCodes } from '../../../components/two-factor';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { sessionToast } from '../../../lib/toast';
import type { SignedIn } from '../api/login';
import { confirmSetupAtSignIn, startSetupAtSignIn } from '../api/second-factor';

interface SecondFactorSetupProps {
  challenge: string;
  onSignedIn: (answer: SignedIn) => void;
  onBack: () => void;
}

/**
 * Two-factor sign-in is required and this account has none yet: it is set up here, the recovery
 * codes are shown once, and only then does the session begin.
 */
export function SecondFactorSetup({ challenge, onSignedIn, onBack }: SecondFactorSetupProps) {
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<SignedIn & { recoveryCodes: string[] }>();

  useEffect(() => {
    let current = true;
    startSetupAtSignIn(challenge).then(
      (answer) => current && setSetup(answer),
      (error) => current && setFailure(errorMessage(error, twoFactorMessages.challengeExpired)),
    );
    return () => {
      current = false;
    };
  }, [challenge]);

  const confirm = async (code: string) => {
    try {
      setDone(await confirmSetupAtSignIn(challenge, code));
      return undefined;
    } catch (error) {
      const message = fieldErrorsOf(error).code ?? errorMessage(error, twoFactorMessages.invalidCode);
      sessionToast.error(message);
      return message;
    }
  };

  if (done) {
    return (
      <RecoveryCodes
        codes={done.recoveryCodes}
        doneLabel="Continue"
        onDone={() => onSignedIn({ token: done.token, user: done.user })}
      />
    );
  }
  if (failure) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light">
          {failure}
        </Alert>
        <Button variant="light" onClick={onBack}>
          Back to login
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text fw={600}>Set up two-factor sign-in</Text>
      <Text size="sm" c="dimmed">
        Your organisation requires a second step at sign-in for your account.
      </Text>
      {setup ? (
        <AuthenticatorSetup setup={setup} onConfirm={confirm} onCancel={onBack} />
      ) : (
        <Center h={120}>
          <Loader aria-label="Preparing two-factor setup" />
        </Center>
      )}
    </Stack>
  );
}
