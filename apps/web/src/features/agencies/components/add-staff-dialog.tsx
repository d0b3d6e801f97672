import { DEFAULT_STAFF_POSITION, enumLabel, STAFF_POSITIONS, type StaffPosition } from '@crm/domain';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { useAgencyContacts } from '../api/use-staff';
import { useAddStaff } from '../api/use-staff-actions';

const POSITION_OPTIONS = STAFF_POSITIONS.map((position) => ({ value: position, label: enumLabel(position) }));

interface AddStaffDialogProps {
  agencyId: number;
  /** Contacts already on the staff, left out of the choices. */
  staffContactIds: readonly number[];
  opened: boolean;
  onClose: () => void;
}

/** 002 §2/§4: pick one of the agency's contacts not yet on the staff, with a position. */
export function AddStaffDialog({ agencyId, staffContactIds, opened, onClose }: AddStaffDialogProps) {
  const [contactId, setContactId] = useState<string | null>(null);
  const [position, setPosition] = useState<StaffPosition>(DEFAULT_STAFF_POSITION);
  const contacts = useAgencyContacts(agencyId, opened);
  const close = () => {
    setContactId(null);
    setPosition(DEFAULT_STAFF_POSITION);
    onClose();
  };
  const add = useAddStaff(agencyId, close);

  const options = (contacts.data ?? [])
    .filter((contact) => !staffContactIds.includes(contact.id))
    .map((contact) => ({
      value: String(contact.id),
      label: `${contact.name} ${contact.surname}`.trim() + (contact.email ? ` (${contact.email})` : ''),
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (contactId) add.mutate({ contactId: Number(contactId), position });
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Staff" centered closeOnEscape>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {contacts.isError && (
            <Alert color="red" variant="light" role="alert">
              {msg.fetchContactsFailed}
            </Alert>
          )}
          <Select
            label="Contact"
            placeholder={contacts.isPending ? 'Loading contacts…' : 'Choose a contact'}
            data={options}
            value={contactId}
            onChange={setContactId}
            searchable
            filter={foldedOptionsFilter}
            required
            data-autofocus
            // Focused when the dialog opens, but closed: one Escape then closes the dialog.
            openOnFocus={false}
            nothingFoundMessage="No contacts of this agency left to add"
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label="Position"
            data={POSITION_OPTIONS}
            value={position}
            allowDeselect={false}
            onChange={(value) => {
              const next = STAFF_POSITIONS.find((candidate) => candidate === value);
              if (next) setPosition(next);
            }}
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!contactId} loading={add.isPending}>
              Add Staff
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
