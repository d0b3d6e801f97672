import {
  type AgencyForm,
  type AgencyFormInput,
  type AgencyType,
  agencyFormSchema,
  callingCodeOf,
} from '@crm/domain';
import { type FieldErrors, issuesToFieldErrors, pickFieldErrors } from '../../../lib/form-errors';
import type { Agency, AgencyDetail } from '../api/agency-types';

/** The parent picker's value for "None (Main agency)"; 002 §3: 0 means a main agency. */
export const NO_PARENT = '0';

/** What the agency form's inputs hold. */
export interface AgencyFormValues {
  name: string;
  /** As the phone input gives it, e.g. "+905321234567". */
  officeNumber: string;
  email: string;
  /** A number, or '' while the box is empty. */
  commissionRate: number | string;
  country: string | null;
  city: string;
  type: AgencyType;
  /** An agency id as text, or NO_PARENT. */
  parentAgencyId: string;
  /** User ids as text (the pickers' values). */
  assignedSalesRepIds: string[];
}

export type AgencyFormField = keyof AgencyFormValues;

export const AGENCY_FORM_FIELDS: readonly AgencyFormField[] = [
  'name',
  'officeNumber',
  'email',
  'commissionRate',
  'country',
  'city',
  'type',
  'parentAgencyId',
  'assignedSalesRepIds',
];

/** 002 §9: a new agency is a company, 0 % commission, no parent; the creator is its sales rep. */
export function newAgencyValues(currentUserId: number): AgencyFormValues {
  return {
    name: '',
    officeNumber: '',
    email: '',
    commissionRate: 0,
    country: null,
    city: '',
    type: 'COMPANY',
    parentAgencyId: NO_PARENT,
    assignedSalesRepIds: [String(currentUserId)],
  };
}

/** Form values of a stored agency (the list's record has no sales reps; the detail has). */
export function valuesFromAgency(agency: Agency | AgencyDetail): AgencyFormValues {
  const digits = agency.officeNumber.replace(/\D/g, '');
  return {
    name: agency.name,
    officeNumber: digits ? `+${digits}` : '',
    email: agency.email,
    commissionRate: agency.commissionRate,
    country: agency.country || null,
    city: agency.city,
    type: agency.type,
    parentAgencyId: agency.parentAgencyId ? String(agency.parentAgencyId) : NO_PARENT,
    assignedSalesRepIds: 'assignedSalesRepIds' in agency ? agency.assignedSalesRepIds.map(String) : [],
  };
}

/** The values in the shape the schema reads: the calling code from the number, no parent as null. */
export function formInput(values: AgencyFormValues): AgencyFormInput {
  return {
    name: values.name,
    officeNumber: values.officeNumber,
    countryCode: callingCodeOf(values.officeNumber),
    email: values.email,
    commissionRate: values.commissionRate,
    country: values.country ?? '',
    city: values.city,
    type: values.type,
    parentAgencyId: values.parentAgencyId === NO_PARENT ? null : Number(values.parentAgencyId),
    assignedSalesRepIds: values.assignedSalesRepIds.map(Number),
  };
}

export type ParsedAgencyForm =
  | { ok: true; body: AgencyForm }
  | { ok: false; errors: FieldErrors<AgencyFormField> };

/** Checks the values with the shared schema (002 §5), giving the body to send or per-field messages. */
export function parseAgencyForm(values: AgencyFormValues): ParsedAgencyForm {
  const parsed = agencyFormSchema.safeParse(formInput(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: pickFieldErrors(issuesToFieldErrors(parsed.error.issues), AGENCY_FORM_FIELDS) };
}

/** Whether two bodies would store the same agency (sales reps in any order). */
/** The fields of `after` that differ from `before`: what an edit sends. */
export function changedAgencyFields(before: AgencyForm, after: AgencyForm): Partial<AgencyForm> {
  const normal = (key: keyof AgencyForm, form: AgencyForm) =>
    JSON.stringify(
      key === 'assignedSalesRepIds' ? [...form.assignedSalesRepIds].sort((x, y) => x - y) : form[key],
    );
  const keys = (Object.keys(after) as (keyof AgencyForm)[]).filter(
    (key) => normal(key, before) !== normal(key, after),
  );
  return Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<AgencyForm>;
}

export function sameAgencyForm(a: AgencyForm, b: AgencyForm): boolean {
  const normal = (form: AgencyForm) =>
    JSON.stringify({ ...form, assignedSalesRepIds: [...form.assignedSalesRepIds].sort((x, y) => x - y) });
  return normal(a) === normal(b);
}
