import type { FilterMode } from '@crm/domain';
import { Text } from '@mantine/core';
import type { ColumnFilterConfig, DataTableColumn } from '../../../components/data-table';
import type { ContactListRow } from '../api/contact-types';
import { CompletenessBar } from './completeness-bar';
import { fullName } from './contact-list-labels';
import { ContactPhoneCell } from './contact-phone-cell';
import { type ContactRowHandlers, ContactRowMenu } from './contact-row-menu';

/** 001 §2.2: every mode ignores case on the server; containsIgnoreCase is the default. */
const TEXT_FILTER: ColumnFilterConfig = {
  modes: ['equals', 'contains', 'containsIgnoreCase'] satisfies FilterMode[],
  defaultMode: 'containsIgnoreCase',
};

function plainText(value: string | null | undefined, emphasis = false) {
  return (
    <Text
      size="sm"
      fw={emphasis ? 600 : undefined}
      // Names wrap onto a second line before they are cut; other fields keep to one.
      truncate={emphasis ? undefined : 'end'}
      lineClamp={emphasis ? 2 : undefined}
      c={value ? undefined : 'dimmed'}
      title={value || undefined}
    >
      {value || '—'}
    </Text>
  );
}

/** Name, Agency, E-Mail, Phone Number, Created By, Assigned To, Completeness, Actions. */
export function contactColumns(
  isAdmin: boolean,
  handlers: ContactRowHandlers,
): DataTableColumn<ContactListRow>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      width: 'minmax(170px, 2fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => plainText(fullName(contact), true),
    },
    {
      key: 'agency',
      header: 'Agency',
      width: 'minmax(110px, 1fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => plainText(contact.agency?.name),
    },
    {
      key: 'email',
      header: 'E-Mail',
      width: 'minmax(150px, 1.6fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => plainText(contact.email),
    },
    {
      key: 'phone',
      header: 'Phone Number',
      width: 'minmax(130px, 0.8fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact, layout) => <ContactPhoneCell phone={contact.phone} large={layout === 'card'} />,
    },
    {
      key: 'createdBy',
      header: 'Created By',
      width: 'minmax(100px, 0.7fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => plainText(contact.owner.name),
    },
    {
      key: 'assignedTo',
      header: 'Assigned To',
      width: 'minmax(110px, 0.7fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => plainText(contact.assignedTo?.name),
    },
    {
      key: 'completeness',
      header: 'Completeness',
      width: '112px',
      render: (contact) => <CompletenessBar percent={contact.completeness} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: '72px',
      align: 'center',
      render: (contact) => <ContactRowMenu contact={contact} isAdmin={isAdmin} {...handlers} />,
    },
  ];
}
