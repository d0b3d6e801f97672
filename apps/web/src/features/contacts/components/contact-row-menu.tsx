import { IconEye, IconTransform, IconUserOff } from '@tabler/icons-react';
import { RowMenu, type RowMenuItem } from '../../../components/data-table';
import type { ContactListRow } from '../api/contact-types';
import { fullName } from './contact-list-labels';

export interface ContactRowHandlers {
  onView: (contact: ContactListRow) => void;
  onConvert: (contact: ContactListRow) => void;
  onDeactivate: (contact: ContactListRow) => void;
}

interface ContactRowMenuProps extends ContactRowHandlers {
  contact: ContactListRow;
  isAdmin: boolean;
}

/** View; Convert for leads; Deactivate for admins (001 §2.2). */
export function ContactRowMenu({ contact, isAdmin, onView, onConvert, onDeactivate }: ContactRowMenuProps) {
  const items: RowMenuItem[] = [
    { label: 'View', icon: <IconEye size={16} />, onClick: () => onView(contact) },
  ];
  if (contact.type === 'LEAD')
    items.push({ label: 'Convert', icon: <IconTransform size={16} />, onClick: () => onConvert(contact) });
  if (isAdmin)
    items.push({
      label: 'Deactivate',
      color: 'red',
      icon: <IconUserOff size={16} />,
      onClick: () => onDeactivate(contact),
    });
  return <RowMenu label={`Actions for ${fullName(contact)}`} items={items} />;
}
