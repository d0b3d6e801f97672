import { type PasswordSignIn, type SsoSettings, type SsoUnknownPeople, ssoMessages } from '@crm/domain';
import {
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { fetchSsoSettings, saveSsoSettings, ssoAdminKeys } from '../api/sso-admin';

type Draft = Omit<SsoSettings, 'clientSecretSet' | 'redirectUri'> & { clientSecret: string };

const draftOf = (s: SsoSettings): Draft => ({
  enabled: s.enabled,
  displayName: s.displayName,
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: '',
  allowedDomains: s.allowedDomains,
  unknownPeople: s.unknownPeople,
  passwordSignIn: s.passwordSignIn,
});

/** One OpenID Connect provider: who it lets in, and whether the password form stays for everyone. */
export function SsoSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ssoAdminKeys.settings,
    queryFn: ({ signal }) => fetchSsoSettings(signal),
  });
  const [draft, setDraft] = useState<Draft>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const save = useMutation({
    mutationFn: (next: Draft) => saveSsoSettings({ ...next, clientSecret: next.clientSecret || undefined }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoAdminKeys.settings, saved);
      setDraft(draftOf(saved));
      setErrors({});
      toast.success(ssoMessages.saved);
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? error.fields : {});
      toast.error(errorMessage(error, 'Failed to save the single sign-on settings'));
    },
  });

  if (!draft || !settings.data) return null;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sso-settings-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="sso-settings-title">
            Single sign-on
          </Title>
          <Text size="sm" c="dimmed">
            Let people sign in through your OpenID Connect provider. Register this redirect URI there:{' '}
            <Code data-testid="sso-redirect-uri">{settings.data.redirectUri}</Code>
          </Text>
          <Switch
            label="Offer sign-in through the provider"
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <TextInput
            label="Button name"
            description="Shown as “Sign in with …” on the login page"
            value={draft.displayName}
            error={errors.displayName}
            onChange={(event) => set('displayName', event.currentTarget.value)}
          />
          <TextInput
            label="Issuer URL"
            placeholder="https://login.example.com"
            value={draft.issuer}
            error={errors.issuer}
            onChange={(event) => set('issuer', event.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Client ID"
              value={draft.clientId}
              error={errors.clientId}
              onChange={(event) => set('clientId', event.currentTarget.value)}
            />
            <PasswordInput
              label="Client secret"
              autoComplete="new-password"
              placeholder={settings.data.clientSecretSet ? 'Stored; type to replace' : ''}
              value={draft.clientSecret}
              error={errors.clientSecret}
              onChange={(event) => set('clientSecret', event.currentTarget.value)}
            />
          </Group>
          <TagsInput
            label="Allowed e-mail domains"
            description="Empty allows any domain the provider vouches for"
            placeholder="example.com"
            value={draft.allowedDomains}
            error={errors.allowedDomains}
            onChange={(value) => set('allowedDomains', value)}
          />
          <Choice
            id="sso-unknown-label"
            label="People without an account"
            data={[
              { value: 'refuse', label: 'Refuse' },
              { value: 'create', label: 'Create as users' },
            ]}
            value={draft.unknownPeople}
            onChange={(value) => set('unknownPeople', value as SsoUnknownPeople)}
          />
          <Choice
            id="sso-password-label"
            label="Password form"
            data={[
              { value: 'everyone', label: 'Everyone' },
              { value: 'admins', label: 'Admins only' },
            ]}
            value={draft.passwordSignIn}
            onChange={(value) => set('passwordSignIn', value as PasswordSignIn)}
          />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Save single sign-on
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** A choice among a few settings, named by a label the control points at. */
function Choice({
  id,
  label,
  data,
  value,
  onChange,
}: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={data}
        value={value}
        onChange={onChange}
        style={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
