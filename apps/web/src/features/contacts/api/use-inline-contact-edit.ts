import { useState } from 'react';
import { type EditConflict, useEditConflict } from '../../../components/edit-conflict';
import { fieldErrorsOf } from '../../../lib/api-error';
import { checkContactEdit, valuesFromContact } from '../components/contact-detail-edit-values';
import type { ContactFormField } from '../components/contact-form-values';
import { contactFieldErrors } from '../components/contact-payload';
import type { Contact } from './contact-types';
import { useStoreSavedContact, useUpdateContact } from './use-contact-detail-mutations';
import type { ContactFeatures } from './use-contact-features';

export interface InlineEdit {
  /** The page's copy of the contact, kept current by the live updates. */
  live: Contact;
  /** The field being edited, if any. */
  field: ContactFormField | undefined;
  draft: string;
  error: string | undefined;
  saving: boolean;
  conflict: EditConflict<Contact>;
  start: (field: ContactFormField) => void;
  type: (draft: string) => void;
  /** Saves the draft (or `value`, for a pick from a list); resolves when done or refused. */
  save: (value?: string) => Promise<void>;
  cancel: () => void;
  /** After a 409: the field starts again from the contact as it is now. */
  reload: (current: Contact) => Promise<void>;
}

/**
 * One field of the contact edited in place. It goes through the edit dialog's rules and save: the
 * form's values of the contact as the page showed it when the edit began, with the one field
 * changed, validated by the shared schema (checkContactEdit), and sent with the version read then,
 * so that a change someone made meanwhile to the same field is refused (409) instead of overwritten.
 */
export function useInlineContactEdit(live: Contact, features: ContactFeatures): InlineEdit {
  const update = useUpdateContact(live.id);
  const storeSaved = useStoreSavedContact();
  const conflict = useEditConflict(live);
  const [field, setField] = useState<ContactFormField>();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();

  const begin = (next: ContactFormField, from: Contact) => {
    conflict.restart(from);
    setField(next);
    setDraft(String(valuesFromContact(from)[next]));
    setError(undefined);
  };

  const save = async (value = draft) => {
    const opened = conflict.opened;
    if (!field || !opened || update.isPending) return;
    setDraft(value);
    const values = { ...valuesFromContact(opened), [field]: value };
    const check = checkContactEdit(values, opened, features);
    if (check.kind === 'invalid') {
      // Another field the stored contact fails is the dialog's business; this one says its own.
      setError(check.errors[field] ?? Object.values(check.errors).find(Boolean));
      return;
    }
    if (check.kind === 'unchanged') {
      setField(undefined);
      return;
    }
    try {
      await update.mutateAsync({ ...check.payload, version: opened.version });
      setField(undefined);
    } catch (failure) {
      if (!conflict.catchStale(failure)) {
        const messages = contactFieldErrors(fieldErrorsOf(failure));
        setError(messages[field] ?? Object.values(messages).find(Boolean));
      }
    }
  };

  return {
    live,
    field,
    draft,
    error,
    saving: update.isPending,
    conflict,
    start: (next) => begin(next, live),
    type: (next) => {
      setDraft(next);
      setError(undefined);
    },
    save,
    cancel: () => {
      setField(undefined);
      setError(undefined);
      conflict.restart(live);
    },
    reload: async (current) => {
      await storeSaved(current);
      if (field) begin(field, current);
    },
  };
}
