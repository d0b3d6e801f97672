import { z } from 'zod';

export * from './completeness.js';
export * from './contact-enums.js';
export * from './contact-rules.js';

import {
  CHILDREN_MAX,
  CONTACT_TYPES,
  type ContactType,
  contactMessages,
  EDUCATION_LEVELS,
  GENDERS,
  INCOME_LEVELS,
  MARITAL_STATUSES,
  PREFERRED_PAYMENTS,
  SOURCES,
} from './contact-enums.js';
import { isAfterToday, readDate } from './dates.js';
import { isEmailShaped } from './email.js';
import { ID_MAX } from './ids.js';
import { readMoney } from './money.js';
import { phoneField } from './phone.js';
import { foldCase, searchFold } from './text.js';
import { requiredText } from './text-field.js';

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

/**
 * A birthday typed day first ("08.12.1992") or sent as ISO ("1992-12-08"), stored as ISO. A text
 * that is no real date, or a day after today, is refused rather than dropped or guessed.
 */
const birthday = optionalText(100).transform((value, ctx) => {
  if (value === null) return null;
  const date = readDate(value);
  if (date === null) {
    ctx.addIssue({ code: 'custom', message: contactMessages.birthdayInvalid });
    return z.NEVER;
  }
  if (isAfterToday(date)) {
    ctx.addIssue({ code: 'custom', message: contactMessages.birthdayFuture });
    return z.NEVER;
  }
  return date;
});

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
  // Typed text is read as offices write amounts ("250.000" is 250000); an unclear one is refused.
  budget: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value ?? 0;
      const read = readMoney(value, 'Budget');
      if (read.ok) return read.amount ?? 0;
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    })
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
 * The duplicate rule of 001 §5: trimmed case-insensitive name with surname, or e-mail, or phone.
 * Names are search-folded ("Sukru Dagdelen" is "Şükrü Dağdelen" typed on an English keyboard); an
 * e-mail is compared as written, in lower case.
 */
export function contactDuplicateKeys(contact: {
  name: string;
  surname: string;
  email: string | null;
  phone: string;
}) {
  const email = (contact.email ? foldCase(contact.email.trim()) : '') || null;
  return {
    fullName: `${searchFold(contact.name.trim())} ${searchFold(contact.surname.trim())}`,
    email,
    phone: contact.phone.replace(/\D/g, '') || null,
  };
}
