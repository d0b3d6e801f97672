import { Stack, Title } from '@mantine/core';
import { UserForm } from '../components/user-form';
import { NEW_USER_VALUES } from '../components/user-form-values';
import { useSubmitUser } from '../use-submit-user';

export function NewUserPage() {
  const submit = useSubmitUser(undefined);
  return (
    <Stack gap="lg">
      <Title order={1}>Add New User</Title>
      <UserForm mode="create" initialValues={NEW_USER_VALUES} onSubmit={submit} />
    </Stack>
  );
}
