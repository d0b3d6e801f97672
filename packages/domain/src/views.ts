import { z } from 'zod';
import { FILTER_MODES } from './list-query.js';
import { COLUMN_WIDTH, VIEW_LISTS, viewMessages } from './view-constants.js';

export * from './view-constants.js';

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
