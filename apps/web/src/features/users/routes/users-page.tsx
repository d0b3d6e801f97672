import { type User, userScreenMessages } from '@crm/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { EXPORT_COLUMNS, ExportButton } from '../../../components/import-export';
import { useCurrentUser } from '../../../lib/session-context';
import { useSetUserActive } from '../api/use-set-user-active';
import { userKeys } from '../api/user-keys';
import { fetchUsersPage } from '../api/users-api';
import { confirmToggleActive } from '../components/confirm-toggle-active';
import { SsoSettingsCard } from '../components/sso-settings-card';
import { TwoFactorPolicyCard } from '../components/two-factor-policy-card';
import { userColumns, userHref } from '../components/user-columns';

const getUserId = (user: User) => user.id;

export function UsersPage() {
  const isAdmin = useCurrentUser().role === 'admin';
  const setActive = useSetUserActive();
  const { mutate } = setActive;
  const columns = useMemo(
    () => userColumns((user) => confirmToggleActive(user, (action) => mutate({ id: user.id, action }))),
    [mutate],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>All Users</Title>
        <Group>
          <ExportButton list="users" columns={EXPORT_COLUMNS.users} />
          <Button component={Link} to="/new-user">
            + Add New User
          </Button>
        </Group>
      </Group>
      <DataTable
        listId="users"
        queryKey={userKeys.all}
        fetchPage={fetchUsersPage}
        columns={columns}
        getRowId={getUserId}
        rowHref={userHref}
        getRowLabel={(user) => `Select ${user.name}`}
        searchPlaceholder="Search users..."
        searchLabel="Search users"
        loadErrorMessage={userScreenMessages.loadUsersFailed}
        emptyState={<Text c="dimmed">{userScreenMessages.noUsers}</Text>}
      />
      {isAdmin && <TwoFactorPolicyCard />}
      {isAdmin && <SsoSettingsCard />}
    </Stack>
  );
}
