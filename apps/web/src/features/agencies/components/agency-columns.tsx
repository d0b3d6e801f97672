import { AGENCY_TYPES, enumLabel } from '@crm/domain';
import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ColumnFilterConfig, DataTableColumn } from '../../../components/data-table';
import type { Agency } from '../api/agency-types';
import { AgencyRowMenu } from './agency-row-menu';
import { AgencyStatusBadge } from './agency-status-badge';
import { OfficeNumberLinks } from './office-number-links';

/** 002 §4: text columns match ignoring case by default; type and status match exactly. */
const TEXT_FILTER: ColumnFilterConfig = { defaultMode: 'containsIgnoreCase' };
const SIZE_FILTER: ColumnFilterConfig = {
  defaultMode: 'equals',
  options: AGENCY_TYPES.map((type) => ({ value: type, label: type })),
};
const STATUS_FILTER: ColumnFilterConfig = {
  defaultMode: 'equals',
  options: [
    { value: 'true', label: 'true' },
    { value: 'false', label: 'false' },
  ],
};

const truncated = (value: string | null | undefined) => (
  <Text size="sm" truncate="end">
    {value || '-'}
  </Text>
);

/** Where a row of the partners list leads. */
export function agencyHref(agency: Pick<Agency, 'id'>): string {
  return `/agency/${agency.id}`;
}

/** 002 §2 partner list: Name, Level, Email, Office Number, Size, Created By, Status, Actions. */
export function agencyColumns(
  onToggleActive: ((agency: Agency) => void) | undefined,
): DataTableColumn<Agency>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      width: 'minmax(150px, 2fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (agency) => (
        <Anchor component={Link} to={agencyHref(agency)} state={{ agency }} size="sm" fw={600} truncate="end">
          {agency.name}
        </Anchor>
      ),
    },
    {
      key: 'level',
      header: 'Level',
      width: 'minmax(90px, 0.8fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (agency) =>
        agency.parentAgency ? (
          truncated(agency.parentAgency.name)
        ) : (
          <Badge variant="light" color="indigo">
            Main
          </Badge>
        ),
    },
    {
      key: 'email',
      header: 'Email',
      width: 'minmax(140px, 1.5fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (agency) => truncated(agency.email),
    },
    {
      key: 'officeNumber',
      header: 'Office Number',
      width: 'minmax(150px, 1fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (agency) => <OfficeNumberLinks officeNumber={agency.officeNumber} />,
    },
    {
      key: 'type',
      header: 'Size',
      width: '110px',
      sortable: true,
      filter: SIZE_FILTER,
      render: (agency) => (
        <Badge variant="outline" color={agency.type === 'COMPANY' ? 'blue' : 'grape'}>
          {enumLabel(agency.type)}
        </Badge>
      ),
    },
    {
      key: 'createdBy',
      header: 'Created By',
      width: 'minmax(100px, 0.8fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (agency) => truncated(agency.createdBy),
    },
    {
      key: 'isActive',
      header: 'Status',
      width: '116px',
      sortable: true,
      filter: STATUS_FILTER,
      render: (agency) => <AgencyStatusBadge active={agency.isActive} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: '72px',
      align: 'center',
      render: (agency) => <AgencyRowMenu agency={agency} onToggleActive={onToggleActive} />,
    },
  ];
}
