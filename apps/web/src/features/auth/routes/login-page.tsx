import type { SecondFactorAnswer } from '@crm/domain';
import { Center, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import type { LoginAnswer, SignedIn } from '../api/login';
import { LoginForm } from '../components/login-form';
import { SecondFactorForm } from '../components/second-factor-form';
import { SecondFactorSetup } from '../components/second-factor-setup';
import { useSessionMessage } from '../use-session-message';

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  useSessionMessage();

  // After a right password, the second step still to do, if the account has or needs one.
  const [second, setSecond] = useState<SecondFactorAnswer>();

  const onSignedIn = ({ token, user }: SignedIn) => {
    signIn(token, user);
    navigate('/', { replace: true });
  };
  const onPassword = (answer: LoginAnswer) => {
    if ('secondFactor' in answer) setSecond(answer);
    else onSignedIn(answer);
  };
  const back = () => setSecond(undefined);

  let step = <LoginForm onSignedIn={onPassword} />;
  if (second?.secondFactor === 'required')
    step = <SecondFactorForm challenge={second.challenge} onSignedIn={onSignedIn} onBack={back} />;
  else if (second?.secondFactor === 'setup')
    step = <SecondFactorSetup challenge={second.challenge} onSignedIn={onSignedIn} onBack={back} />;

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
              {second ? 'Two-factor sign-in' : 'Sign in to continue'}
            </Text>
          </div>
        </Group>
        {step}
      </Paper>
    </Center>
  );
}
