import { z } from 'zod';
import { SOURCES } from './contact-enums.js';
import { readDate } from './dates.js';
import { ID_MAX } from './ids.js';
import { readMoney } from './money.js';

/** One currency per installation (the `currency` setting); amounts are stored in its minor units. */
export const DEFAULT_CURRENCY = 'GBP';

export const DEAL_STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type DealStageKind = (typeof DEAL_STAGE_KINDS)[number];

export const DEAL_TITLE_MAX = 200;
export const DEAL_LINES_MAX = 100;
export const LOST_REASON_TEXT_MAX = 500;
/** The largest amount a deal or a line holds, in major units (a billion pounds). */
export const DEAL_AMOUNT_MAX = 1_000_000_000;

export const dealMessages = {
  titleRequired: 'Title is required',
  titleMax: 'Title can be at most 200 characters',
  contactRequired: 'Contact is required',
  contactNotFound: 'The contact must be an existing lead or customer',
  agencyNotFound: 'The partner must be an existing partner',
  userNotFound: 'The chosen user does not exist or is inactive',
  stageRequired: 'Stage is required',
  stageNotFound: 'Stage not found',
  stageInactive: 'This stage is no longer in use: choose another',
  probabilityRange: 'Probability must be a whole number from 0 to 100',
  closeDateInvalid: 'Expected close date is not a date: write it as dd.mm.yyyy, such as 08.12.2026',
  wonDateInvalid: 'Won date is not a date: write it as dd.mm.yyyy, such as 08.12.2026',
  sourceInvalid: `Source must be one of ${SOURCES.join(', ')}`,
  lostReasonRequired: 'Choose a lost reason',
  lostReasonNotFound: 'Lost reason not found',
  lostReasonTextMax: 'The lost reason can be at most 500 characters',
  productRequired: 'Product is required',
  productNotFound: 'One of the chosen products does not exist or is inactive',
  quantityRange: 'Quantity must be a whole number of at least 1',
  discountRange: 'Discount must be a percentage from 0 to 100',
  amountMin: 'Amounts must be at least 0',
  amountMax: 'Amounts can be at most 1,000,000,000',
  amountPence: 'Amounts can have at most 2 decimal places',
  amountNotANumber: 'Amounts must be numbers',
  linesMax: 'A deal can have at most 100 product lines',
  dealNotFound: 'Deal not found.',
  assignAdminOnly: 'Only an administrator can give a deal to someone else',
  stageNameRequired: 'Stage name is required',
  stageNameMax: 'Stage name can be at most 100 characters',
  stageNameTaken: 'A stage with this name already exists',
  stageKindFixed: 'Won and Lost stages cannot be deactivated or change kind',
  stageOrderInvalid: 'The order must name every stage once',
  reasonNameRequired: 'Reason is required',
  reasonNameMax: 'Reason can be at most 100 characters',
  reasonNameTaken: 'A lost reason with this name already exists',
  created: 'Deal created',
  updated: 'Deal updated',
  moved: (stage: string) => `Deal moved to ${stage}`,
  deactivated: 'Deal deactivated',
} as const;

/** A required name of at most 100 characters, each limit with its own message. */
const boundedText = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(100, { error: tooLong });

const blank = (value: unknown) => value === undefined || value === null || value === '' || value === 'null';

/** An id picked from a list: blank is "none", anything else must name a row. */
const optionalId = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (blank(value) || value === 0 ? null : Number(value)))
    .pipe(
      z
        .number({ error: message })
        .int({ error: message })
        .positive({ error: message })
        .max(ID_MAX)
        .nullable(),
    );

const requiredId = (message: string) => optionalId(message).pipe(z.number({ error: message }));

/** A calendar date typed day first or sent as ISO; stored as ISO ("2026-12-08"). */
const optionalDate = (message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const date = readDate(value as string);
      if (date === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return date;
    });

/**
 * An amount in major units (pounds), sent as a number or typed as offices write it ("250.000");
 * at most two decimals, so that its minor units are exact. Blank is null.
 */
export const moneyField = (label: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: dealMessages.amountNotANumber })
    .optional()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value ?? null;
      const read = readMoney(value, label);
      if (read.ok) return read.amount;
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    })
    .pipe(
      z
        .number({ error: dealMessages.amountNotANumber })
        .finite({ error: dealMessages.amountNotANumber })
        .min(0, { error: dealMessages.amountMin })
        .max(DEAL_AMOUNT_MAX, { error: dealMessages.amountMax })
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
          error: dealMessages.amountPence,
        })
        .nullable(),
    );

const probability = z
  .union([z.number(), z.string(), z.null()], { error: dealMessages.probabilityRange })
  .optional()
  .transform((value) => (blank(value) ? null : Number(value)))
  .pipe(
    z
      .number({ error: dealMessages.probabilityRange })
      .int({ error: dealMessages.probabilityRange })
      .min(0, { error: dealMessages.probabilityRange })
      .max(100, { error: dealMessages.probabilityRange })
      .nullable(),
  );

export const dealLineSchema = z.object({
  productId: requiredId(dealMessages.productRequired),
  quantity: z
    .union([z.number(), z.string(), z.null()], { error: dealMessages.quantityRange })
    .optional()
    .transform((value) => (blank(value) ? 1 : Number(value)))
    .pipe(
      z
        .number({ error: dealMessages.quantityRange })
        .int({ error: dealMessages.quantityRange })
        .min(1, { error: dealMessages.quantityRange })
        .max(1_000_000, { error: dealMessages.quantityRange }),
    ),
  /** Null: the product's own price. */
  unitPrice: moneyField('Unit price'),
  /** A percentage with up to two decimals (12.5 is 12.5 % off). */
  discount: z
    .union([z.number(), z.string(), z.null()], { error: dealMessages.discountRange })
    .optional()
    .transform((value) => (blank(value) ? 0 : Number(String(value).replace(',', '.'))))
    .pipe(
      z
        .number({ error: dealMessages.discountRange })
        .finite({ error: dealMessages.discountRange })
        .min(0, { error: dealMessages.discountRange })
        .max(100, { error: dealMessages.discountRange })
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
          error: dealMessages.discountRange,
        }),
    ),
});
export type DealLineForm = z.output<typeof dealLineSchema>;

/** POST /api/deals and PUT /api/deals/{id}: the deal form, shared by the form and the server. */
export const dealFormSchema = z.object({
  title: z
    .string({ error: dealMessages.titleRequired })
    .trim()
    .min(1, { error: dealMessages.titleRequired })
    .max(DEAL_TITLE_MAX, { error: dealMessages.titleMax }),
  contactId: requiredId(dealMessages.contactRequired),
  /** Null: the contact's partner. */
  agencyId: optionalId(dealMessages.agencyNotFound),
  /** Null: the writer. */
  ownerId: optionalId(dealMessages.userNotFound),
  /** Null: the writer. */
  assignedToId: optionalId(dealMessages.userNotFound),
  stageId: requiredId(dealMessages.stageRequired),
  /** Null: the stage's own probability. */
  probability,
  expectedCloseDate: optionalDate(dealMessages.closeDateInvalid),
  source: z
    .union([z.string(), z.null()], { error: dealMessages.sourceInvalid })
    .optional()
    .transform((value) => (blank(value) ? null : (value as string).trim()))
    .pipe(z.enum(SOURCES, { error: dealMessages.sourceInvalid }).nullable()),
  lostReasonId: optionalId(dealMessages.lostReasonNotFound),
  lostReasonText: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(LOST_REASON_TEXT_MAX, { error: dealMessages.lostReasonTextMax }).nullable()),
  /** Null on a Won deal: today. Kept only while the deal is Won. */
  wonDate: optionalDate(dealMessages.wonDateInvalid),
  lines: z
    .array(dealLineSchema, { error: dealMessages.productRequired })
    .max(DEAL_LINES_MAX, { error: dealMessages.linesMax })
    .optional()
    .transform((lines) => lines ?? []),
  /** Entered by hand only when there are no lines; with lines it is their sum, whatever is sent. */
  amount: moneyField('Amount'),
  isActive: z.boolean().optional(),
});
export type DealFormInput = z.input<typeof dealFormSchema>;
export type DealForm = z.output<typeof dealFormSchema>;

const versionMessage = 'Version must be a positive whole number';

/** PATCH /api/deals/{id}/stage: a card dropped in another column. */
export const dealStageMoveSchema = z.object({
  stageId: requiredId(dealMessages.stageRequired),
  version: z.coerce
    .number({ error: versionMessage })
    .int({ error: versionMessage })
    .positive({ error: versionMessage })
    .max(2_147_483_647, { error: versionMessage })
    .optional(),
  lostReasonId: dealFormSchema.shape.lostReasonId,
  lostReasonText: dealFormSchema.shape.lostReasonText,
  probability,
});
export type DealStageMove = z.output<typeof dealStageMoveSchema>;

/** POST and PUT /api/deal-stages. New stages are open ones: Won and Lost exist once each. */
export const dealStageSchema = z.object({
  name: boundedText(dealMessages.stageNameRequired, dealMessages.stageNameMax),
  probability: probability.pipe(z.number({ error: dealMessages.probabilityRange })),
  isActive: z.boolean().optional(),
});
export type DealStageForm = z.output<typeof dealStageSchema>;

/** PUT /api/deal-stages/order: every stage's id, in the board's order. */
export const dealStageOrderSchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(ID_MAX), { error: dealMessages.stageOrderInvalid })
    .min(1, { error: dealMessages.stageOrderInvalid })
    .max(200, { error: dealMessages.stageOrderInvalid }),
});

/** POST and PUT /api/deal-lost-reasons. */
export const lostReasonSchema = z.object({
  name: boundedText(dealMessages.reasonNameRequired, dealMessages.reasonNameMax),
  isActive: z.boolean().optional(),
});
export type LostReasonForm = z.output<typeof lostReasonSchema>;

/** Major units to minor (pounds to pence), exact for amounts with at most two decimals. */
export const toMinor = (major: number): number => Math.round(major * 100);
export const fromMinor = (minor: number): number => minor / 100;
/** A percentage to basis points: 12.5 % is 1250. */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);

/** A line's total in minor units: quantity × unit price, less the discount, rounded to the penny. */
export function lineTotalMinor(line: {
  quantity: number;
  unitPriceMinor: number;
  discountBp: number;
}): number {
  return Math.round((line.quantity * line.unitPriceMinor * (10_000 - line.discountBp)) / 10_000);
}

/** The deal's amount: the sum of its lines, or the amount entered by hand when it has none. */
export function dealAmountMinor(lineTotals: readonly number[], enteredMinor: number | null): number {
  if (lineTotals.length === 0) return enteredMinor ?? 0;
  return lineTotals.reduce((sum, total) => sum + total, 0);
}

/** An amount weighted by its probability, in minor units. */
export const weightedMinor = (amountMinor: number, probabilityPercent: number): number =>
  Math.round((amountMinor * probabilityPercent) / 100);

/**
 * One formatter per locale and currency: building an `Intl.NumberFormat` costs far more than
 * formatting with it, and a deal's write formats every amount of its history twice.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** How every screen writes an amount: "£1,234.50". */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY, locale = 'en-GB'): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 100);
}

/** Someone or something a deal names: its owner, assignee, partner or lost reason. */
export interface DealNamedRef {
  id: number;
  name: string;
}

/**
 * A row of GET /api/deals and a card of the board: the deal without its lines. Money is in major
 * units (pounds); write it with formatMoney(toMinor(amount), currency). The server's mapper and the
 * web app both speak this one type.
 */
export interface DealListRow {
  id: number;
  title: string;
  contactId: number;
  /** A lead or a customer, named as the lists name it. */
  contact: { id: number; name: string; type: string };
  agencyId: number | null;
  agency: DealNamedRef | null;
  ownerId: number;
  owner: DealNamedRef;
  assignedToId: number | null;
  assignedTo: DealNamedRef | null;
  stageId: number;
  stage: { id: number; name: string; kind: string };
  probability: number;
  /** In major units (pounds); stored in pence. */
  amount: number;
  expectedCloseDate: string | null;
  source: string | null;
  lostReasonId: number | null;
  lostReason: DealNamedRef | null;
  lostReasonText: string | null;
  wonDate: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** Sent back with an edit or a move, so that a change made meanwhile by someone else is not overwritten. */
  version: number;
}

export interface DealLine {
  productId: number;
  product: { id: number; title: string };
  quantity: number;
  unitPrice: number;
  /** A percentage: 12.5 is 12.5 % off. */
  discount: number;
  lineTotal: number;
}

/** GET /api/deals/{id} and every write's answer. */
export interface Deal extends DealListRow {
  lines: DealLine[];
  /** The installation's currency (ISO 4217), for formatMoney. */
  currency: string;
}

/** GET /api/deal-stages: every stage, active or not, in the board's order. */
export interface DealStage {
  id: number;
  name: string;
  position: number;
  probability: number;
  /** 'open', or the terminal 'won' and 'lost'. */
  kind: string;
  isActive: boolean;
}
