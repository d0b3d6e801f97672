import { type ConversionField, missingConversionFields } from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CountrySelect } from '../../../components/country-select';
import { dialogFirstField } from '../../../lib/focus-first-error';
import type { Contact } from '../api/contact-types';
import type { ConversionValues } from '../api/convert-contact';
import { GENDER_OPTIONS, SOURCE_OPTIONS } from './contact-options';

interface ContactDetailConvertModalProps {
  opened: boolean;
  contact: Contact;
  saving: boolean;
  onClose: () => void;
  onConvert: (values: ConversionValues) => void;
}

/** 001 §4: asks exactly the missing nationality, residency, source (without an agency) and gender. */
export function ContactDetailConvertModal({
  opened,
  contact,
  saving,
  onClose,
  onConvert,
}: ContactDetailConvertModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Convert to Customer" centered>
      {opened && <ConvertForm contact={contact} saving={saving} onClose={onClose} onConvert={onConvert} />}
    </Modal>
  );
}

function ConvertForm({
  contact,
  saving,
  onClose,
  onConvert,
}: Omit<ContactDetailConvertModalProps, 'opened'>) {
  const asked = missingConversionFields(contact);
  const [values, setValues] = useState<ConversionValues>({});
  const set = (field: ConversionField) => (value: string | null) =>
    setValues((current) => ({ ...current, [field]: value ?? undefined }));
  const complete = asked.every((field) => values[field]);
  const name = `${contact.name} ${contact.surname}`.trim();

  return (
    <Stack gap="md">
      <Text size="sm">
        Convert <strong>{name}</strong> to a customer?
        {asked.length > 0 && ' Please fill in the missing details first.'}
      </Text>
      {asked.includes('nationality') && (
        <CountrySelect
          label="Nationality"
          required
          autoFocus={asked[0] === 'nationality'}
          value={values.nationality ?? null}
          onChange={set('nationality')}
          withinPortal={false}
        />
      )}
      {asked.includes('residency') && (
        <CountrySelect
          label="Country of Residency"
          required
          autoFocus={asked[0] === 'residency'}
          value={values.residency ?? null}
          onChange={set('residency')}
          withinPortal={false}
        />
      )}
      {asked.includes('source') && (
        <Select
          label="Source"
          required
          {...dialogFirstField(asked[0] === 'source')}
          placeholder="Select source"
          data={SOURCE_OPTIONS}
          value={values.source ?? null}
          onChange={set('source')}
          comboboxProps={{ withinPortal: false }}
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
          comboboxProps={{ withinPortal: false }}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button color="teal" disabled={!complete} loading={saving} onClick={() => onConvert(values)}>
          Yes, Convert
        </Button>
      </Group>
    </Stack>
  );
}
