import { authMessages } from '@crm/domain';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { sessionToast } from '../../../lib/toast';
import { type LoginAnswer, login } from '../api/login';

interface LoginFormProps {
  onSignedIn: (answer: LoginAnswer) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // The toast (000 §3.1) fades; the same words stay by the form until the next attempt.
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setFailure(undefined);
    try {
      onSignedIn(await login(email.trim(), password));
      setSubmitting(false);
    } catch (error) {
      const message = errorMessage(error, authMessages.loginFailed);
      sessionToast.error(message);
      setFailure(message);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            // Not a second live region: the toast already announces the failure.
            role="note"
            icon={<IconAlertCircle size={18} />}
            data-testid="login-error"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          leftSection={<IconMail size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          leftSection={<IconLock size={16} />}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth mt="xs" loading={submitting}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
