import { z } from 'zod';
import { emailField } from './email.js';
import { ID_MAX } from './ids.js';
import { phoneDigits } from './phone-digits.js';
import { foldCase } from './text.js';
import { requiredText } from './text-field.js';

export * from './agency-constants.js';

import { AGENCY_TYPES, agencyMessages, DEFAULT_STAFF_POSITION, STAFF_POSITIONS } from './agency-constants.js';

const officeNumber = z
  .union([z.string(), z.number()], { error: agencyMessages.officeRequired })
  .transform((value) => phoneDigits(String(value)))
  .superRefine((digits, ctx) => {
    if (digits === '') ctx.addIssue({ code: 'custom', message: agencyMessages.officeRequired });
    else if (digits.length < 6 || digits.length > 15)
      ctx.addIssue({ code: 'custom', message: agencyMessages.officeLength });
  });

const commissionRate = z
  .union([z.number(), z.string()], { error: agencyMessages.commissionRequired })
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const written = value.replace(/[\s%]/g, '');
    if (written === '') {
      ctx.addIssue({ code: 'custom', message: agencyMessages.commissionRequired });
      return z.NEVER;
    }
    // A percentage has no thousands: its one mark, a point or a comma, is the decimal mark ("12,5"
    // is 12.5, as a Turkish office types it); anything else is refused, not guessed.
    if (!/^-?\d+(?:[.,]\d+)?$/.test(written)) {
      ctx.addIssue({ code: 'custom', message: agencyMessages.commissionNumber });
      return z.NEVER;
    }
    return Number(written.replace(',', '.'));
  })
  .pipe(
    z
      .number({ error: agencyMessages.commissionRequired })
      .min(0, { error: agencyMessages.commissionMin })
      .max(100, { error: agencyMessages.commissionMax })
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
        error: agencyMessages.commissionStep,
      }),
  );

/** The agency form (specification 002 §5); parent "none" (0, '', null) is stored as null. */
export const agencyFormSchema = z.object({
  name: requiredText(agencyMessages.nameRequired, 200),
  officeNumber,
  countryCode: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value?.trim() && value.trim() !== 'null' ? value.trim() : null))
    .refine((value) => value === null || /^\+\d{1,3}$/.test(value), {
      error: 'Country code must be a plus sign and 1 to 3 digits',
    }),
  email: emailField({
    required: agencyMessages.emailRequired,
    format: agencyMessages.emailFormat,
    tld: agencyMessages.emailTld,
  }),
  commissionRate,
  country: requiredText(agencyMessages.countryRequired, 100),
  city: requiredText(agencyMessages.cityRequired, 100),
  type: z.enum(AGENCY_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? agencyMessages.typeRequired
        : agencyMessages.typeInvalid,
  }),
  parentAgencyId: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === undefined || value === null || value === '' || value === 'null' || Number(value) === 0
        ? null
        : Number(value),
    )
    .pipe(z.number({ error: agencyMessages.parentNotFound }).int().positive().max(ID_MAX).nullable()),
  assignedSalesRepIds: z
    .array(z.coerce.number({ error: agencyMessages.repNotFound }).int().positive().max(ID_MAX), {
      error: agencyMessages.repsRequired,
    })
    .min(1, { error: agencyMessages.repsMin })
    .max(50)
    .transform((ids) => [...new Set(ids)]),
});
export type AgencyFormInput = z.input<typeof agencyFormSchema>;
export type AgencyForm = z.output<typeof agencyFormSchema>;

/** Percent with two decimals ↔ whole basis points, so that rates never drift. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (bp: number) => bp / 100;

export const bulkIdsSchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(ID_MAX), { error: 'ids must be a list of agency ids' })
    .min(1, { error: 'Choose at least one agency' })
    .max(1000),
});

export const bulkStaffSchema = z.object({
  staffIds: z
    .array(z.coerce.number().int().positive().max(ID_MAX), { error: 'staffIds must be a list of staff ids' })
    .min(1, { error: 'Choose at least one staff member' })
    .max(1000),
});

export const addStaffSchema = z.object({
  contactId: z.coerce
    .number({ error: 'Choose a contact' })
    .int({ error: 'Choose a contact' })
    .positive({ error: 'Choose a contact' })
    .max(ID_MAX, { error: 'Choose a contact' }),
  position: z
    .enum(STAFF_POSITIONS, { error: 'Position must be one of OWNER, BROKER, MANAGER, SALES_REPRESENTATIVE' })
    .default(DEFAULT_STAFF_POSITION),
});

/** The duplicate rule of 002 §4: trimmed case-insensitive e-mail, trimmed office number. */
export function agencyDuplicateKeys(agency: { email: string; officeNumber: string }) {
  return { email: foldCase(agency.email.trim()), officeNumber: agency.officeNumber.trim() };
}
