import { Center, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import type { LoginAnswer } from '../api/login';
import { LoginForm } from '../components/login-form';
import { useSessionMessage } from '../use-session-message';

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  useSessionMessage();

  const onSignedIn = ({ token, user }: LoginAnswer) => {
    signIn(token, user);
    navigate('/', { replace: true });
  };

  return (
    <Center
      mih="100vh"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      component="main"
    >
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={400}>
        <Group gap="sm" mb="lg">
          <ThemeIcon
            size={40}
            radius="md"
            variant="gradient"
            gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
          >
            <IconAddressBook size={22} stroke={1.8} />
          </ThemeIcon>
          <div>
            <Title order={1} fz="h3">
              Staff CRM
            </Title>
            <Text size="sm" c="dimmed">
              Sign in to continue
            </Text>
          </div>
        </Group>
        <LoginForm onSignedIn={onSignedIn} />
      </Paper>
    </Center>
  );
}
