import {
  formatBudget,
  formatDateTime,
  formatFieldValue,
  formatPhone,
  type PhoneFormat,
} from '../../../lib/format';
import type { Contact } from '../api/contact-types';
import type { ContactFeatures } from '../api/use-contact-features';
import { contactFieldLabel } from './contact-detail-labels';
import type { ContactFormField } from './contact-form-values';
import {
  CHILDREN_OPTIONS,
  EDUCATION_OPTIONS,
  GENDER_OPTIONS,
  INCOME_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  PAYMENT_OPTIONS,
  type SelectOption,
  SOURCE_OPTIONS,
} from './contact-options';

/** How a field is edited in place; fields without one are edited in the Edit Contact Info dialog. */
export type InlineEditor =
  | { kind: 'text'; field: ContactFormField }
  | { kind: 'select'; field: ContactFormField; options: readonly SelectOption[] };

export interface DetailField {
  key: string;
  label: string;
  /** The text shown, or null when the contact has no value (such fields wait behind "Show empty fields"). */
  text: string | null;
  editor?: InlineEditor;
}

export interface DetailGroup {
  title: string;
  fields: DetailField[];
}

type StoredField = Exclude<ContactFormField, 'agencyId' | 'notes' | 'budget' | 'phone'>;

const present = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

const text = (contact: Contact, field: StoredField, editable = true): DetailField => {
  const raw = present(contact[field]);
  return {
    key: field,
    label: contactFieldLabel(field),
    text: raw === null ? null : formatFieldValue(field, raw),
    editor: editable ? { kind: 'text', field } : undefined,
  };
};

const select = (contact: Contact, field: StoredField, options: readonly SelectOption[]): DetailField => {
  const raw = present(contact[field]);
  const label = options.find((option) => option.value === raw)?.label;
  return {
    key: field,
    label: contactFieldLabel(field),
    text: raw === null ? null : (label ?? formatFieldValue(field, raw)),
    editor: { kind: 'select', field, options },
  };
};

/**
 * The contact's fields as a record reads: who the person is, how to reach them, their situation,
 * and what the sales side knows. The name heads the page and the notes follow the groups.
 */
export function contactDetailGroups(
  contact: Contact,
  features: ContactFeatures,
  phoneFormat: PhoneFormat,
): DetailGroup[] {
  const direct = contact.agencyId === null;
  return [
    {
      title: 'Identity',
      fields: [
        text(contact, 'name'),
        text(contact, 'surname'),
        select(contact, 'gender', GENDER_OPTIONS),
        // Dates and countries are picked in the dialog, where their pickers are.
        text(contact, 'birthday', false),
        text(contact, 'nationality', false),
        text(contact, 'passportNumber'),
        text(contact, 'trIdNumber'),
      ],
    },
    {
      title: 'Contact',
      fields: [
        { key: 'phone', label: 'Phone', text: present(formatPhone(contact.phone, phoneFormat)) },
        text(contact, 'email'),
        text(contact, 'residency', false),
        text(contact, 'city'),
      ],
    },
    {
      title: 'Situation',
      fields: [
        text(contact, 'occupation'),
        select(contact, 'maritalStatus', MARITAL_STATUS_OPTIONS),
        select(contact, 'numberOfChildren', CHILDREN_OPTIONS),
        select(contact, 'educationLevel', EDUCATION_OPTIONS),
        select(contact, 'incomeLevel', INCOME_OPTIONS),
      ],
    },
    {
      title: 'Sales',
      fields: [
        { key: 'agency', label: 'Agency', text: contact.agency?.name ?? 'Direct (No Agency)' },
        ...(direct ? [select(contact, 'source', SOURCE_OPTIONS)] : []),
        // 0 is the form's starting value: an unknown budget, shown "—" and kept with the empty ones.
        { key: 'budget', label: 'Budget', text: contact.budget ? formatBudget(contact.budget) : null },
        select(contact, 'preferredPayment', PAYMENT_OPTIONS),
        ...(features.serviceCategory ? [text(contact, 'serviceCategory')] : []),
        ...(features.roomNumber ? [text(contact, 'roomNumber')] : []),
        { key: 'owner', label: 'Created By', text: contact.owner.name },
        { key: 'assignedTo', label: 'Assigned To', text: contact.assignedTo?.name ?? null },
        { key: 'createdAt', label: 'Created', text: present(formatDateTime(contact.createdAt)) },
      ],
    },
  ];
}
