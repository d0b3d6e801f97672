import type { ContactType } from '@crm/domain';
import { Box, Button, Card, Group, SimpleGrid } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { RichTextField } from '../../../components/record-tabs';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import type { FieldErrors } from '../../../lib/form-errors';
import { useLeaveGuard } from '../../../lib/unsaved-changes';
import type { CreateContactPayload } from '../api/create-contact';
import { useContactFeatures } from '../api/use-contact-features';
import { type ContactFormField, type ContactFormValues, NEW_CONTACT_VALUES } from './contact-form-values';
import { ContactIdentityFields } from './contact-identity-fields';
import { contactFieldErrors, contactPayload, validateContact } from './contact-payload';
import { ContactProfileFields } from './contact-profile-fields';
import { TypedDuplicates } from './typed-duplicates';

interface ContactFormProps {
  type: ContactType;
  /** Saves; resolves to the server's field messages when it refused the values. */
  onSubmit: (payload: CreateContactPayload) => Promise<Record<string, string> | undefined>;
}

/** The new-contact form (001 §2.3). Remount it (a new key) to reset it after a create. */
export function ContactForm({ type, onSubmit }: ContactFormProps) {
  const features = useContactFeatures();
  const [values, setValues] = useState<ContactFormValues>(NEW_CONTACT_VALUES);
  const [errors, setErrors] = useState<FieldErrors<ContactFormField>>({});
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError();
  const leave = useLeaveGuard(JSON.stringify(values) !== JSON.stringify(NEW_CONTACT_VALUES));

  const change = <K extends ContactFormField>(field: K, value: ContactFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateContact(contactPayload(values, type, features));
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError();
      return;
    }
    setSaving(true);
    const serverErrors = await leave.saving(onSubmit(checked.payload));
    setSaving(false);
    if (serverErrors) {
      setErrors(contactFieldErrors(serverErrors));
      focusFirstError();
    }
  };

  return (
    <Card withBorder radius="lg" padding="xl">
      <form ref={ref} onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <ContactIdentityFields
            values={values}
            errors={errors}
            onChange={change}
            customer={type === 'CUSTOMER'}
          />
          <ContactProfileFields values={values} errors={errors} onChange={change} features={features} />
        </SimpleGrid>
        <TypedDuplicates values={values} />
        <Box mt="md">
          <RichTextField
            label="Notes"
            initialValue={NEW_CONTACT_VALUES.notes}
            error={errors.notes}
            onChange={(html) => change('notes', html)}
          />
        </Box>
        <Group justify="flex-end" mt="xl">
          <Button type="submit" loading={saving}>
            Create
          </Button>
        </Group>
      </form>
    </Card>
  );
}
