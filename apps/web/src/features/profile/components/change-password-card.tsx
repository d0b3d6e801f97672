import { authMessages, checkPasswordChange } from '@crm/domain';
import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-context';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordField = keyof typeof EMPTY;

export function ChangePasswordCard() {
  const { setToken } = useSession();
  const [fields, setFields] = useState(EMPTY);
  const [saving, setSaving] = useState(false);

  const change = (field: PasswordField, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkPasswordChange(fields);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSaving(true);
    try {
      const answer = await changePassword({
        currentPassword: fields.currentPassword,
        newPassword: fields.newPassword,
      });
      if (answer?.token) setToken(answer.token);
      toast.success(authMessages.passwordUpdated);
      setFields(EMPTY);
    } catch (error) {
      toast.error(errorMessage(error, authMessages.passwordUpdateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="xl">
      <Title order={2} fz="h3" mb="lg">
        Change Password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            value={fields.currentPassword}
            onChange={(event) => change('currentPassword', event.currentTarget.value)}
          />
          <PasswordInput
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            value={fields.newPassword}
            onChange={(event) => change('newPassword', event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={(event) => change('confirmPassword', event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
