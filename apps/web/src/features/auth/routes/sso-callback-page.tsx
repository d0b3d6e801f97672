import { SSO_FAILURES } from '@crm/domain';
import { Alert, Anchor, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-context';
import { redeemSsoCode } from '../api/sso';

/**
 * Where the server's callback sends the browser: the one-time code is in the address's fragment
 * (never sent to a server), removed from the address at once and traded for the session.
 */
export function SsoCallbackPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setFailure(SSO_FAILURES.expired);
      return;
    }
    redeemSsoCode(code)
      .then(({ token, user }) => {
        signIn(token, user);
        navigate('/', { replace: true });
      })
      .catch((error: unknown) => setFailure(errorMessage(error, SSO_FAILURES.expired)));
  }, [signIn, navigate]);

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={400}>
        {failure ? (
          <Stack gap="md">
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {failure}
            </Alert>
            <Anchor component={Link} to="/login">
              Back to sign-in
            </Anchor>
          </Stack>
        ) : (
          <Stack align="center" gap="sm">
            <Loader size="sm" />
            <Text size="sm">Signing you in…</Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
