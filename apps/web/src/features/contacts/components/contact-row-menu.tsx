import { Menu } from '@mantine/core';
import { IconEye, IconTransform, IconUserOff } from '@tabler/icons-react';
import { RowMenu } from '../../../components/data-table';
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
  return (
    <RowMenu label={`Actions for ${fullName(contact)}`}>
      <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onView(contact)}>
        View
      </Menu.Item>
      {contact.type === 'LEAD' && (
        <Menu.Item leftSection={<IconTransform size={16} />} onClick={() => onConvert(contact)}>
          Convert
        </Menu.Item>
      )}
      {isAdmin && (
        <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={() => onDeactivate(contact)}>
          Deactivate
        </Menu.Item>
      )}
    </RowMenu>
  );
}
