import type { User } from '@crm/domain';
import { Badge, Text } from '@mantine/core';
import { cellLink, type DataTableColumn } from '../../../components/data-table';
import { UserRowActions } from './user-row-actions';

/** Where a row of the users list leads: the user's form. */
export function userHref(user: Pick<User, 'id'>): string {
  return `/edit-user/${user.id}`;
}

/** 000 §2.7: Name, Email, Role, Status sortable and filterable; Actions. */
export function userColumns(onToggleActive: (user: User) => void): DataTableColumn<User>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      width: 'minmax(160px, 1.4fr)',
      sortable: true,
      filter: { defaultMode: 'containsIgnoreCase' },
      render: (user) => cellLink(user.name, userHref(user), { user }),
    },
    {
      key: 'email',
      header: 'Email',
      width: 'minmax(180px, 1.6fr)',
      sortable: true,
      filter: { defaultMode: 'containsIgnoreCase' },
      render: (user) => (
        <Text size="sm" truncate="end">
          {user.email}
        </Text>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      width: 'minmax(110px, 0.8fr)',
      sortable: true,
      filter: {
        defaultMode: 'containsIgnoreCase',
        options: [
          { value: 'admin', label: 'Admin' },
          { value: 'user', label: 'User' },
        ],
      },
      render: (user) =>
        user.role ? (
          <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'blue'}>
            {user.role}
          </Badge>
        ) : null,
    },
    {
      key: 'isActive',
      header: 'Status',
      width: 'minmax(120px, 0.8fr)',
      sortable: true,
      filter: {
        modes: ['equals'],
        options: [
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ],
      },
      render: (user) => <Text size="sm">{user.isActive ? '✅ Active' : '❌ Inactive'}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 'minmax(200px, 220px)',
      render: (user) => <UserRowActions user={user} onToggleActive={onToggleActive} />,
    },
  ];
}
