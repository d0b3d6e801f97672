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
