import { authMessages } from '@crm/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      onSignedIn(await login(email.trim(), password));
    } catch (error) {
      sessionToast.error(errorMessage(error, authMessages.loginFailed));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
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
