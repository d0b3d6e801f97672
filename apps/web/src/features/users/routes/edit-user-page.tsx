import { type User, userScreenMessages } from '@crm/domain';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session-context';
import { toast } from '../../../lib/toast';
import { useUser } from '../api/use-user';
import { TwoFactorResetCard } from '../components/two-factor-reset-card';
import { UserForm } from '../components/user-form';
import { valuesFromUser } from '../components/user-form-values';
import { useSubmitUser } from '../use-submit-user';

/** The record the list passed in navigation state, if it is this user's. */
function stateUser(state: unknown, id: number | undefined): Partial<User> | undefined {
  if (typeof state !== 'object' || state === null || !('user' in state)) return undefined;
  const user = (state as { user: unknown }).user;
  if (typeof user !== 'object' || user === null) return undefined;
  return (user as Partial<User>).id === id ? (user as Partial<User>) : undefined;
}

function parseId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function EditUserPage() {
  const params = useParams();
  const id = parseId(params.id);
  const location = useLocation();
  const passed = stateUser(location.state, id);
  const query = useUser(id);
  const isAdmin = useCurrentUser().role === 'admin';
  // The record the form was filled from: its version goes with the save (a conflict's message is toasted).
  const submit = useSubmitUser(id, query.data ?? passed);

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(userScreenMessages.loadUserFailed);
  }, [isError, errorUpdatedAt]);

  let content: ReactNode;
  if (id === undefined) {
    content = <LoadFailed />;
  } else if (query.data) {
    content = (
      <UserForm key="loaded" mode="edit" initialValues={valuesFromUser(query.data)} onSubmit={submit} />
    );
  } else if (passed) {
    // While loading, the record from the list; if loading fails, it is still editable.
    content = (
      <UserForm
        key="passed"
        mode="edit"
        initialValues={valuesFromUser(passed)}
        loading={query.isPending}
        onSubmit={submit}
      />
    );
  } else if (query.isPending) {
    content = (
      <Center h={240}>
        <Loader aria-label="Loading user" />
      </Center>
    );
  } else {
    content = <LoadFailed />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Edit User</Title>
      {content}
      {isAdmin && id !== undefined && <TwoFactorResetCard userId={id} />}
    </Stack>
  );
}

function LoadFailed() {
  return (
    <Stack align="flex-start" gap="sm">
      <Text c="dimmed">{userScreenMessages.loadUserFailed}</Text>
      <Button component={Link} to="/users" variant="light">
        Back to users
      </Button>
    </Stack>
  );
}
