import type { FieldErrors } from '../../../lib/form-errors';
import type { ContactFormField, ContactFormValues } from './contact-form-values';

/** What each group of the contact form's fields receives. */
export interface ContactFieldsProps {
  values: ContactFormValues;
  errors: FieldErrors<ContactFormField>;
  onChange: <K extends ContactFormField>(field: K, value: ContactFormValues[K]) => void;
}
