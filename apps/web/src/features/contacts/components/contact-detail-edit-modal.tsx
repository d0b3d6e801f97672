import { contactMessages } from '@crm/domain';
import { Box, Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { EditConflictNotice, useEditConflict } from '../../../components/edit-conflict';
import { RichTextField } from '../../../components/record-tabs';
import { fieldErrorsOf } from '../../../lib/api-error';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import type { FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useGuardedClose } from '../../../lib/unsaved-changes';
import type { Contact } from '../api/contact-types';
import { useStoreSavedContact, useUpdateContact } from '../api/use-contact-detail-mutations';
import { useContactFeatures } from '../api/use-contact-features';
import { checkContactEdit, valuesFromContact } from './contact-detail-edit-values';
import type { ContactFormField, ContactFormValues } from './contact-form-values';
import { ContactIdentityFields } from './contact-identity-fields';
import { contactFieldErrors } from './contact-payload';
import { ContactProfileFields } from './contact-profile-fields';
import { TypedDuplicates } from './typed-duplicates';

interface ContactDetailEditModalProps {
  opened: boolean;
  contact: Contact;
  onClose: () => void;
}

/**
 * 'Edit Contact Info' (001 §2.4, §4): closes on a click outside, asking first when something was
 * changed; sends only when something changed.
 */
export function ContactDetailEditModal({ opened, contact, onClose }: ContactDetailEditModalProps) {
  const [dirty, setDirty] = useState(false);
  const closed = () => {
    setDirty(false);
    onClose();
  };
  const close = useGuardedClose(opened && dirty, closed);
  return (
    <Modal opened={opened} onClose={close} title="Edit Contact Info" size="xl" centered>
      {opened && <EditContactForm contact={contact} onClose={close} onSaved={closed} onDirty={setDirty} />}
    </Modal>
  );
}

interface EditContactFormProps {
  contact: Contact;
  /** Cancel: asks first when something was changed. */
  onClose: () => void;
  onSaved: () => void;
  onDirty: (dirty: boolean) => void;
}

function EditContactForm({ contact: opened, onClose, onSaved, onDirty }: EditContactFormProps) {
  const features = useContactFeatures();
  const update = useUpdateContact(opened.id);
  const storeSaved = useStoreSavedContact();
  // `opened` is the screen's live copy; the form keeps the contact it was filled from.
  const conflict = useEditConflict(opened);
  const contact = conflict.opened ?? opened;
  const [values, setValues] = useState<ContactFormValues>(() => valuesFromContact(opened));
  const [errors, setErrors] = useState<FieldErrors<ContactFormField>>({});
  // Remounted on reload, so that the rich-text editor shows the notes as they are now.
  const [formKey, setFormKey] = useState(0);
  const { ref, focusFirstError } = useFocusFirstError();
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesFromContact(contact));
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const reload = async (current: Contact) => {
    await storeSaved(current);
    conflict.restart(current);
    setValues(valuesFromContact(current));
    setErrors({});
    setFormKey((key) => key + 1);
  };

  const change = <K extends ContactFormField>(field: K, value: ContactFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkContactEdit(values, contact, features);
    if (check.kind === 'invalid') {
      setErrors(check.errors);
      focusFirstError();
      return;
    }
    if (check.kind === 'unchanged') {
      toast.info(contactMessages.noChanges);
      return;
    }
    try {
      await update.mutateAsync({ ...check.payload, version: contact.version });
      onSaved();
    } catch (error) {
      if (!conflict.catchStale(error)) {
        setErrors(contactFieldErrors(fieldErrorsOf(error)));
        focusFirstError();
      }
    }
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate key={formKey}>
      <EditConflictNotice
        noun="contact"
        conflict={conflict}
        live={opened}
        onReload={(record) => void reload(record)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <ContactIdentityFields
          values={values}
          errors={errors}
          onChange={change}
          customer={contact.type === 'CUSTOMER'}
          initialAgency={contact.agency}
          emailRequired={Boolean(contact.email)}
          autoFocus
        />
        <ContactProfileFields values={values} errors={errors} onChange={change} features={features} />
      </SimpleGrid>
      <TypedDuplicates values={values} excludeId={contact.id} />
      <Box mt="md">
        <RichTextField
          label="Notes"
          initialValue={contact.notes}
          error={errors.notes}
          onChange={(html) => change('notes', html)}
        />
      </Box>
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}
