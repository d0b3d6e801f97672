import type { FilterMode } from '@crm/domain';
import {
  type ColumnFilterConfig,
  cellLink,
  cellValue,
  type DataTableColumn,
} from '../../../components/data-table';
import { CONTACT_PATHS, type ContactListRow } from '../api/contact-types';
import { CompletenessBar } from './completeness-bar';
import { fullName } from './contact-list-labels';
import { ContactPhoneCell } from './contact-phone-cell';
import { type ContactRowHandlers, ContactRowMenu } from './contact-row-menu';

/** 001 §2.2: every mode ignores case on the server; containsIgnoreCase is the default. */
const TEXT_FILTER: ColumnFilterConfig = {
  modes: ['equals', 'contains', 'containsIgnoreCase'] satisfies FilterMode[],
  defaultMode: 'containsIgnoreCase',
};

/** Where a row of the list leads: the lead's or the customer's record. */
export function contactHref(contact: Pick<ContactListRow, 'id' | 'type'>): string {
  return CONTACT_PATHS[contact.type].detail(contact.id);
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
      width: 'minmax(140px, 2fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => cellLink(fullName(contact), contactHref(contact), { contact }),
    },
    {
      key: 'agency',
      header: 'Agency',
      width: 'minmax(100px, 1fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => cellValue(contact.agency?.name),
    },
    {
      key: 'email',
      header: 'E-Mail',
      width: 'minmax(130px, 1.6fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => cellValue(contact.email),
    },
    {
      key: 'phone',
      header: 'Phone Number',
      // A whole Turkish number ("+90 538 495 00 02") and its two links, even at 1024 px wide: the
      // name and e-mail give up a little of their least width for it, and take the spare room.
      width: 'minmax(216px, 230px)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact, layout) => <ContactPhoneCell phone={contact.phone} large={layout === 'card'} />,
    },
    {
      key: 'createdBy',
      header: 'Created By',
      width: 'minmax(84px, 0.7fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => cellValue(contact.owner.name),
    },
    {
      key: 'assignedTo',
      header: 'Assigned To',
      width: 'minmax(100px, 0.7fr)',
      sortable: true,
      filter: TEXT_FILTER,
      render: (contact) => cellValue(contact.assignedTo?.name),
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
