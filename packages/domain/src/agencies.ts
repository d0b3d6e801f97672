import { z } from 'zod';
import { emailField } from './email.js';
import { ID_MAX } from './ids.js';
import { phoneDigits } from './phone.js';
import { foldCase, requiredText } from './text.js';

export const AGENCY_TYPES = ['COMPANY', 'INDIVIDUAL'] as const;
export type AgencyType = (typeof AGENCY_TYPES)[number];
export const STAFF_POSITIONS = ['OWNER', 'BROKER', 'MANAGER', 'SALES_REPRESENTATIVE'] as const;
export type StaffPosition = (typeof STAFF_POSITIONS)[number];
export const DEFAULT_STAFF_POSITION: StaffPosition = 'SALES_REPRESENTATIVE';

/** "SALES_REPRESENTATIVE" reads "Sales Representative". */
export function enumLabel(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const agencyMessages = {
  nameRequired: 'Name is required',
  officeRequired: 'Office Number is required',
  officeLength: 'Office Number must be 6–15 digits',
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  emailTld: 'Email must include a valid top‑level domain',
  commissionMin: 'Commission rate must be at least 0',
  commissionMax: 'Commission rate cannot exceed 100',
  commissionRequired: 'Commission rate is required',
  commissionNumber: 'Commission rate must be a number, such as 12,5 or 12.5',
  commissionStep: 'Commission rate can have at most 2 decimal places',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
  typeInvalid: 'Type must be either COMPANY or INDIVIDUAL',
  typeRequired: 'Type is required',
  repsMin: 'Please assign at least one sales representative',
  repsRequired: 'At least one sales representative is required',
  parentNotFound: 'Parent agency not found',
  parentSelf: 'An agency cannot be its own parent',
  parentCycle: 'An agency cannot be placed under one of its own sub-agencies',
  repNotFound: 'Every sales representative must be an active user',
  agencyNotFound: 'Agency not found',
  staffContactNotFound: 'The contact is not one of this agency’s contacts',
  staffAlreadyAdded: 'This contact is already on the agency’s staff',
  staffNotFound: 'Staff member not found',
  nothingToUpdate: 'Nothing to update',
} as const;

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
