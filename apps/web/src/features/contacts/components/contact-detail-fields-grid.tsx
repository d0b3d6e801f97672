import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import type { Contact } from '../api/contact-types';
import { contactFieldLabel, contactValueLabel, formatPounds } from './contact-detail-labels';

const EMPTY = '—';

type GridField =
  | 'nationality'
  | 'residency'
  | 'gender'
  | 'passportNumber'
  | 'birthday'
  | 'trIdNumber'
  | 'city'
  | 'occupation'
  | 'maritalStatus'
  | 'numberOfChildren'
  | 'educationLevel'
  | 'incomeLevel'
  | 'preferredPayment'
  | 'roomNumber';

const GRID_FIELDS: readonly GridField[] = [
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'trIdNumber',
  'city',
  'occupation',
  'maritalStatus',
  'numberOfChildren',
  'educationLevel',
  'incomeLevel',
  'preferredPayment',
  'roomNumber',
];

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={value === EMPTY ? 'dimmed' : undefined} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Stack>
  );
}

interface ContactDetailFieldsGridProps {
  contact: Contact;
  showRoomNumber: boolean;
}

/** Every field outside the detail list: enum labels, the birthday's date, the budget in pounds. */
export function ContactDetailFieldsGrid({ contact, showRoomNumber }: ContactDetailFieldsGridProps) {
  const fields = GRID_FIELDS.filter((field) => field !== 'roomNumber' || showRoomNumber);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
      {fields.map((field) => {
        const raw = contact[field];
        const value = raw === null || raw === '' ? EMPTY : contactValueLabel(field, String(raw));
        return <Field key={field} label={contactFieldLabel(field)} value={value} />;
      })}
      <Field label="Budget" value={formatPounds(contact.budget)} />
      <Field label="Created By" value={contact.owner.name} />
      <Field label="Assigned To" value={contact.assignedTo?.name ?? EMPTY} />
      <Field label="Created" value={formatDateTime(contact.createdAt)} />
    </SimpleGrid>
  );
}
