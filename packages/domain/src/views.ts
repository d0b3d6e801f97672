import { z } from 'zod';
import { FILTER_MODES } from './list-query.js';

/** The lists a view can be saved for. */
export const VIEW_LISTS = ['leads', 'customers', 'agencies', 'products', 'users'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

export const viewMessages = {
  nameRequired: 'View name is required',
  notFound: 'View not found',
  private: 'This view is private',
  notOwner: 'Only the owner can change this view',
} as const;

/** What a list remembers: search, filters, sort and the chosen columns (in their order). */
export const listViewStateSchema = z.object({
  q: z.string().max(200).default(''),
  sort: z
    .object({ column: z.string().min(1).max(50), order: z.enum(['asc', 'desc']) })
    .nullable()
    .default(null),
  filters: z
    .record(z.string().max(50), z.object({ mode: z.enum(FILTER_MODES), value: z.string().max(200) }))
    .refine((filters) => Object.keys(filters).length <= 30, { error: 'Too many filters' })
    .default({}),
  columns: z.array(z.string().min(1).max(50)).max(40).nullable().default(null),
});
export type ListViewState = z.output<typeof listViewStateSchema>;

export const saveViewSchema = z.object({
  list: z.enum(VIEW_LISTS),
  name: z
    .string({ error: viewMessages.nameRequired })
    .trim()
    .min(1, { error: viewMessages.nameRequired })
    .max(100, { error: 'View name can be at most 100 characters' }),
  shared: z.boolean().default(false),
  state: listViewStateSchema,
});

export const updateViewSchema = saveViewSchema.omit({ list: true }).partial();

/**
 * A person's column choice for one list: the keys in the order shown, or null for every column in
 * the list's own order.
 */
export const columnChoiceSchema = z.object({
  columns: z
    .array(z.string().min(1).max(50))
    .min(1, { error: 'Choose at least one column' })
    .max(40)
    .refine((keys) => new Set(keys).size === keys.length, { error: 'A column can be chosen only once' })
    .nullable(),
});
export type ColumnChoice = z.output<typeof columnChoiceSchema>;

/**
 * The columns of each list a person can resize, by key (the web's column keys; the row actions keep
 * their width). A width for any other key is refused.
 */
export const RESIZABLE_COLUMNS: Record<ViewList, readonly string[]> = {
  leads: ['name', 'agency', 'email', 'phone', 'createdBy', 'assignedTo', 'completeness'],
  customers: ['name', 'agency', 'email', 'phone', 'createdBy', 'assignedTo', 'completeness'],
  agencies: ['name', 'level', 'email', 'officeNumber', 'type', 'createdBy', 'isActive'],
  products: ['title', 'createdAt', 'isActive'],
  users: ['name', 'email', 'role', 'isActive'],
};

/** A resized column's width in px: narrow enough for a short value, wide enough for a long note. */
export const COLUMN_WIDTH = { min: 48, max: 1200 } as const;

/** A person's column widths for one list, in px by column key; `{}` goes back to the list's own. */
export const columnWidthsSchema = z.object({
  widths: z
    .record(
      z.string().min(1).max(50),
      z
        .number({ error: 'A width is a number of pixels' })
        .int({ error: 'A width is a whole number of pixels' })
        .min(COLUMN_WIDTH.min, { error: `A column is at least ${COLUMN_WIDTH.min} px wide` })
        .max(COLUMN_WIDTH.max, { error: `A column is at most ${COLUMN_WIDTH.max} px wide` }),
    )
    .refine((widths) => Object.keys(widths).length <= 40, { error: 'Too many columns' }),
});
export type ColumnWidths = Record<string, number>;

/** The keys of `widths` that are no resizable column of `list`. */
export function unknownColumns(list: ViewList, widths: ColumnWidths): string[] {
  return Object.keys(widths).filter((key) => !RESIZABLE_COLUMNS[list].includes(key));
}
