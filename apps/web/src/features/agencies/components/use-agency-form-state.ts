import type { AgencyForm } from '@crm/domain';
import { useState } from 'react';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import { type FieldErrors, pickFieldErrors } from '../../../lib/form-errors';
import {
  AGENCY_FORM_FIELDS,
  type AgencyFormField,
  type AgencyFormValues,
  parseAgencyForm,
} from './agency-form-values';

export type ChangeAgencyField = <K extends AgencyFormField>(field: K, value: AgencyFormValues[K]) => void;

/** Values and per-field errors of the agency form and of the Edit agency info dialog. */
export function useAgencyFormState(initialValues: AgencyFormValues) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<AgencyFormField>>({});
  // Goes on the <form>: a refused submit focuses its first invalid field.
  const { ref, focusFirstError } = useFocusFirstError();

  const change: ChangeAgencyField = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** The body to send, or undefined after showing the schema's messages under the fields. */
  const validate = (): AgencyForm | undefined => {
    const parsed = parseAgencyForm(values);
    if (parsed.ok) return parsed.body;
    setErrors(parsed.errors);
    focusFirstError();
    return undefined;
  };

  /** Shows the server's `fields` messages; answers whether any belongs to a field of the form. */
  const showServerErrors = (fields: Record<string, string>, shown: readonly AgencyFormField[]): boolean => {
    const picked = pickFieldErrors(fields, AGENCY_FORM_FIELDS);
    setErrors(picked);
    focusFirstError();
    return shown.some((field) => picked[field] !== undefined);
  };

  const dirty = JSON.stringify(values) !== JSON.stringify(initialValues);
  return { ref, values, errors, dirty, change, validate, showServerErrors, reset: setValues };
}
