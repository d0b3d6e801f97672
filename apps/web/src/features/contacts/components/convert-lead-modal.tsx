import { missingConversionFields } from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CountrySelect } from '../../../components/country-select';
import { dialogFirstField } from '../../../lib/focus-first-error';
import type { ContactListRow } from '../api/contact-types';
import type { ConversionValues } from '../api/convert-contact';
import { useConvertLead } from '../api/use-convert-lead';
import { fullName } from './contact-list-labels';
import { GENDER_OPTIONS } from './contact-options';

/** The list screen asks only for these among the missing fields (001 §4). */
const LIST_CONVERSION_FIELDS = ['nationality', 'residency', 'gender'] as const;
type ListConversionField = (typeof LIST_CONVERSION_FIELDS)[number];

interface ConvertLeadModalProps {
  /** The lead being converted; the modal is open while there is one. */
  lead: ContactListRow | null;
  saving: boolean;
  onClose: () => void;
  onConfirm: (lead: ContactListRow, values: ConversionValues) => void;
}

/** The list's Convert: the modal with its own conversion request, all loaded on the first Convert. */
export function ConvertLeadDialog({ lead, onClose }: { lead: ContactListRow | null; onClose: () => void }) {
  const convert = useConvertLead();
  return (
    <ConvertLeadModal
      lead={lead}
      saving={convert.isPending}
      onClose={onClose}
      onConfirm={(converting, values) =>
        convert.mutate({ id: converting.id, values }, { onSuccess: onClose })
      }
    />
  );
}

export function ConvertLeadModal({ lead, saving, onClose, onConfirm }: ConvertLeadModalProps) {
  return (
    <Modal opened={lead !== null} onClose={onClose} title="Convert Lead to Customer" centered>
      {lead && <ConvertLeadForm lead={lead} saving={saving} onCancel={onClose} onConfirm={onConfirm} />}
    </Modal>
  );
}

interface ConvertLeadFormProps {
  lead: ContactListRow;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (lead: ContactListRow, values: ConversionValues) => void;
}

/** Asks only for the missing nationality, residency and gender; 'Yes, Convert' waits for all of them. */
function ConvertLeadForm({ lead, saving, onCancel, onConfirm }: ConvertLeadFormProps) {
  const asked = LIST_CONVERSION_FIELDS.filter((field) =>
    (missingConversionFields(lead) as readonly string[]).includes(field),
  );
  const [values, setValues] = useState<Partial<Record<ListConversionField, string>>>({});
  const set = (field: ListConversionField) => (value: string | null) =>
    setValues((current) => ({ ...current, [field]: value ?? undefined }));
  const complete = asked.every((field) => values[field]);

  return (
    <Stack gap="md">
      <Text size="sm">
        Convert <strong>{fullName(lead)}</strong> to a customer?
        {asked.length > 0 && ' Please fill in the missing details first.'}
      </Text>
      {asked.includes('nationality') && (
        <CountrySelect
          label="Nationality"
          required
          autoFocus={asked[0] === 'nationality'}
          value={values.nationality ?? null}
          onChange={set('nationality')}
        />
      )}
      {asked.includes('residency') && (
        <CountrySelect
          label="Country of Residency"
          required
          autoFocus={asked[0] === 'residency'}
          value={values.residency ?? null}
          onChange={set('residency')}
        />
      )}
      {asked.includes('gender') && (
        <Select
          label="Gender"
          required
          {...dialogFirstField(asked[0] === 'gender')}
          placeholder="Select gender"
          data={GENDER_OPTIONS}
          value={values.gender ?? null}
          onChange={set('gender')}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button color="teal" disabled={!complete} loading={saving} onClick={() => onConfirm(lead, values)}>
          Yes, Convert
        </Button>
      </Group>
    </Stack>
  );
}
