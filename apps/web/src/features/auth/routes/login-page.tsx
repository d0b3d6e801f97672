import { type SecondFactorAnswer, type SsoLoginOptions, ssoFailureMessage } from '@crm/domain';
import { Alert, Button, Center, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import type { LoginAnswer, SignedIn } from '../api/login';
import { fetchSsoOptions } from '../api/sso';
import { LoginForm } from '../components/login-form';
import { SsoSignIn } from '../components/sso-sign-in';
import { useSessionMessage } from '../use-session-message';

// The second step is a chunk of its own: most sign-ins never reach it, and the login page is the
// first screen of most visits (its JavaScript has a budget, `npm run size`).
const SecondFactorForm = lazy(async () => ({
  default: (await import('../components/second-factor-form')).SecondFactorForm,
}));
const SecondFactorSetup = lazy(async () => ({
  default: (await import('../components/second-factor-setup')).SecondFactorSetup,
}));

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  useSessionMessage();

  // After a right password, the second step still to do, if the account has or needs one.
  const [second, setSecond] = useState<SecondFactorAnswer>();
  // A sign-in through the provider that came back refused names its reason by code only.
  const [params] = useSearchParams();
  const ssoFailure = ssoFailureMessage(params.get('sso'));
  // The login page runs outside the query cache (the signed-in shell brings it): one plain request.
  const [ssoOptions, setSsoOptions] = useState<SsoLoginOptions>();
  useEffect(() => {
    const abort = new AbortController();
    fetchSsoOptions(abort.signal).then(setSsoOptions, () => {});
    return () => abort.abort();
  }, []);
  const ssoOn = ssoOptions?.enabled === true;
  // With the form off for all but admins, it stays one click away for them (the server enforces it).
  const [adminForm, setAdminForm] = useState(false);
  const formShown = !ssoOn || ssoOptions?.passwordSignIn === 'everyone' || adminForm;

  const onSignedIn = ({ token, user }: SignedIn) => {
    signIn(token, user);
    navigate('/', { replace: true });
  };
  const onPassword = (answer: LoginAnswer) => {
    if ('secondFactor' in answer) setSecond(answer);
    else onSignedIn(answer);
  };
  const back = () => setSecond(undefined);

  let step = (
    <>
      {ssoFailure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} />}
          mb="md"
          data-testid="sso-error"
        >
          {ssoFailure}
        </Alert>
      )}
      {ssoOn && ssoOptions && <SsoSignIn options={ssoOptions} withDivider={formShown} />}
      {formShown ? (
        <LoginForm onSignedIn={onPassword} />
      ) : (
        <Button variant="subtle" size="xs" fullWidth mt="md" onClick={() => setAdminForm(true)}>
          Administrators: sign in with a password
        </Button>
      )}
    </>
  );
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
        <Suspense fallback={null}>{step}</Suspense>
      </Paper>
    </Center>
  );
}
