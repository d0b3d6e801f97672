import { z } from 'zod';
import { isEmailShaped } from './email.js';
import { ID_MAX } from './ids.js';
import { phoneField } from './phone.js';
import { foldCase, requiredText } from './text.js';

export const CONTACT_TYPES = ['LEAD', 'CUSTOMER'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const GENDERS = ['MALE', 'FEMALE'] as const;
export const MARITAL_STATUSES = ['SINGLE', 'MARRIED'] as const;
export const EDUCATION_LEVELS = [
  'PRIMARY_SCHOOL',
  'HIGH_SCHOOL',
  'ASSOCIATE_DEGREE',
  'BACHELORS_DEGREE',
  'MASTERS_DEGREE',
  'PHD',
] as const;
export const INCOME_LEVELS = ['LOW', 'LOWER_MIDDLE', 'MIDDLE', 'UPPER_MIDDLE', 'HIGH', 'PREMIUM'] as const;
export const PREFERRED_PAYMENTS = ['CASH', 'INSTALLMENT', 'CREDIT'] as const;
export const SOURCES = ['Direct Call', 'Facebook', 'Google Ads', 'Referral', 'Instagram', 'Walk-in'] as const;

/** Labels shown for enumeration values; HIGH_SCHOOL reads 'Secondary School' on some screens. */
export const EDUCATION_LABELS: Record<(typeof EDUCATION_LEVELS)[number], string> = {
  PRIMARY_SCHOOL: 'Primary School',
  HIGH_SCHOOL: 'Secondary School',
  ASSOCIATE_DEGREE: 'Associate Degree',
  BACHELORS_DEGREE: "Bachelor's Degree",
  MASTERS_DEGREE: "Master's Degree",
  PHD: 'PhD',
};

/** Income bands in STG (specification 001 §3). */
export const INCOME_BANDS: Record<(typeof INCOME_LEVELS)[number], string> = {
  LOW: '0 – 1,000 STG',
  LOWER_MIDDLE: '1,001 – 3,000 STG',
  MIDDLE: '3,001 – 6,000 STG',
  UPPER_MIDDLE: '6,001 – 10,000 STG',
  HIGH: '10,001 – 15,000 STG',
  PREMIUM: '15,001+ STG',
};

export const CONTACT_NOTES_MAX = 1000;
export const CHILDREN_MAX = 10;

export const contactMessages = {
  nameRequired: 'First name is required',
  surnameRequired: 'Surname is required',
  phoneRequired: 'Phone is required',
  phoneLength: 'Phone must be 6–15 digits',
  emailFormat: 'Invalid email format',
  budgetMin: 'Budget must be at least 0',
  notesMax: 'Notes can be at most 1,000 characters',
  sourceRequired: 'Source is required',
  nationalityRequired: 'Nationality is required',
  residencyRequired: 'Residency is required',
  genderRequired: 'Gender is required',
  childrenRange: 'Number of children must be between 0 and 10',
  birthdayInvalid: 'Birthday must be a date (YYYY-MM-DD)',
  contactNotFound: 'Contact not found.',
  agencyNotFound: 'Agency not found',
  assigneeNotFound: 'The chosen user does not exist or is inactive',
  alreadyCustomer: 'This contact is already a customer',
  created: (type: ContactType) => `${type === 'LEAD' ? 'Lead' : 'Customer'} created successfully!`,
  saveFailed: 'Failed to save contact',
  updated: 'Contact updated',
  updateFailed: 'Update failed',
  converted: 'Lead successfully converted to customer!',
  conversionFailed: 'Conversion failed',
  deactivated: 'Contact deactivated!',
  bulkDeactivated: 'Selected contacts deactivated!',
  deactivateFailed: 'Failed to deactivate contact',
  reassigned: 'Contacts reassigned!',
  reassignFailed: 'Failed to reassign contacts',
  noChanges: 'No changes detected',
} as const;

/** Empty text and the literal 'null' that select fields hold both mean "not given". */
const optionalText = (max = 200) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed && trimmed !== 'null' ? trimmed : null;
    })
    .pipe(z.string().max(max).nullable());

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  optionalText().pipe(z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }).nullable());

const birthday = optionalText(10).refine((value) => value === null || isIsoDate(value), {
  error: contactMessages.birthdayInvalid,
});

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Every field a contact form sends, validated and normalised (specification 001 §5). */
export const contactFieldsSchema = z.object({
  name: requiredText(contactMessages.nameRequired, 100),
  surname: requiredText(contactMessages.surnameRequired, 100),
  phone: phoneField({ required: contactMessages.phoneRequired, length: contactMessages.phoneLength }),
  countryCode: optionalText(5).refine((value) => value === null || /^\+\d{1,3}$/.test(value), {
    error: 'Country code must be a plus sign and 1 to 3 digits',
  }),
  email: optionalText(320).refine((value) => value === null || isEmailShaped(value), {
    error: contactMessages.emailFormat,
  }),
  nationality: optionalText(100),
  residency: optionalText(100),
  gender: optionalEnum(GENDERS, 'Gender'),
  passportNumber: optionalText(50),
  birthday,
  trIdNumber: optionalText(20),
  city: optionalText(100),
  occupation: optionalText(100),
  maritalStatus: optionalEnum(MARITAL_STATUSES, 'Marital status'),
  numberOfChildren: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === '' || value === 'null' || value === undefined || value === null ? null : Number(value),
    )
    .pipe(
      z
        .number({ error: contactMessages.childrenRange })
        .int({ error: contactMessages.childrenRange })
        .min(0, { error: contactMessages.childrenRange })
        .max(CHILDREN_MAX, { error: contactMessages.childrenRange })
        .nullable(),
    ),
  educationLevel: optionalEnum(EDUCATION_LEVELS, 'Education level'),
  incomeLevel: optionalEnum(INCOME_LEVELS, 'Income level'),
  budget: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? 0 : Number(value)))
    .pipe(
      z
        .number({ error: 'Budget must be a number' })
        .finite({ error: 'Budget must be a number' })
        .min(0, { error: contactMessages.budgetMin })
        .max(1_000_000_000_000, { error: 'Budget is too large' }),
    )
    .transform((value) => Math.round(value * 100) / 100),
  preferredPayment: optionalEnum(PREFERRED_PAYMENTS, 'Preferred payment'),
  serviceCategory: optionalText(100),
  roomNumber: optionalText(50),
  source: optionalEnum(SOURCES, 'Source'),
  notes: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value ?? ''),
  agencyId: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === '' || value === 'null' || value === undefined || value === null || value === 0
        ? null
        : Number(value),
    )
    .pipe(
      z
        .number({ error: 'Agency must be an id' })
        .int({ error: 'Agency must be an id' })
        .positive({ error: 'Agency must be an id' })
        .max(ID_MAX, { error: 'Agency must be an id' })
        .nullable(),
    ),
});
export type ContactFieldsInput = z.input<typeof contactFieldsSchema>;
export type ContactFields = z.output<typeof contactFieldsSchema>;

/** POST contacts: the fields plus the type (upper case). */
export const createContactSchema = contactFieldsSchema
  .extend({ type: z.enum(CONTACT_TYPES, { error: 'Type must be LEAD or CUSTOMER' }) })
  .superRefine((contact, ctx) => {
    for (const issue of contactRuleIssues(contact, contact.type)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** The rules that depend on more than one field: source without an agency, and customers' fields. */
export function contactRuleIssues(
  contact: Pick<ContactFields, 'agencyId' | 'source' | 'nationality' | 'residency' | 'gender'>,
  type: ContactType,
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (contact.agencyId === null && !contact.source) {
    issues.push({ path: ['source'], message: contactMessages.sourceRequired });
  }
  if (type === 'CUSTOMER') {
    if (!contact.nationality)
      issues.push({ path: ['nationality'], message: contactMessages.nationalityRequired });
    if (!contact.residency) issues.push({ path: ['residency'], message: contactMessages.residencyRequired });
    if (!contact.gender) issues.push({ path: ['gender'], message: contactMessages.genderRequired });
  }
  return issues;
}

/** The fields a conversion asks for: those among nationality, residency, source and gender that are empty. */
export const CONVERSION_FIELDS = ['nationality', 'residency', 'source', 'gender'] as const;
export type ConversionField = (typeof CONVERSION_FIELDS)[number];

export function missingConversionFields(contact: {
  nationality: string | null;
  residency: string | null;
  source: string | null;
  gender: string | null;
  agencyId: number | null;
}): ConversionField[] {
  // A contact referred by an agency has no source by design; it is not asked for.
  return CONVERSION_FIELDS.filter(
    (field) => !contact[field] && !(field === 'source' && contact.agencyId !== null),
  );
}

export const convertContactSchema = z.object({
  nationality: optionalText(100),
  residency: optionalText(100),
  source: optionalEnum(SOURCES, 'Source'),
  gender: optionalEnum(GENDERS, 'Gender'),
});

export const assignContactSchema = z.object({
  assignedToId: z.coerce
    .number({ error: 'Choose a user to assign' })
    .int({ error: 'Choose a user to assign' })
    .positive({ error: 'Choose a user to assign' })
    .max(ID_MAX, { error: 'Choose a user to assign' }),
});

/**
 * The fields that make a profile complete; completeness is the share of them filled, 0–100.
 * Name, surname and phone are always there, so a new contact starts above zero.
 */
export const COMPLETENESS_FIELDS = [
  'name',
  'surname',
  'phone',
  'email',
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'city',
  'occupation',
  'maritalStatus',
  'educationLevel',
  'incomeLevel',
  'budget',
  'preferredPayment',
] as const;

export function completeness(
  contact: Partial<Record<(typeof COMPLETENESS_FIELDS)[number], unknown>>,
): number {
  const filled = COMPLETENESS_FIELDS.filter((field) => {
    const value = contact[field];
    if (field === 'budget') return typeof value === 'number' && value > 0;
    return value !== null && value !== undefined && String(value).trim() !== '';
  }).length;
  return Math.round((filled / COMPLETENESS_FIELDS.length) * 100);
}

export type CompletenessColour = 'green' | 'amber' | 'red';
export function completenessColour(percent: number): CompletenessColour {
  if (percent >= 80) return 'green';
  if (percent >= 50) return 'amber';
  return 'red';
}

/** The duplicate rule of 001 §5: trimmed case-insensitive name with surname, or e-mail, or phone. */
export function contactDuplicateKeys(contact: {
  name: string;
  surname: string;
  email: string | null;
  phone: string;
}) {
  const email = (contact.email ? foldCase(contact.email.trim()) : '') || null;
  return {
    fullName: `${foldCase(contact.name.trim())} ${foldCase(contact.surname.trim())}`,
    email,
    phone: contact.phone.replace(/\D/g, '') || null,
  };
}

/** Text of a rich-text note without its tags, for the 1,000-character rule. */
export function plainTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, 'x').length;
}
