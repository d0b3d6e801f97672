// The saved views' lists and messages and the column widths' limits, apart from the schemas
// (views.ts): the lists read these without zod.

/** The lists a view can be saved for. */
export const VIEW_LISTS = ['leads', 'customers', 'agencies', 'products', 'users', 'deals'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

export const viewMessages = {
  nameRequired: 'View name is required',
  notFound: 'View not found',
  private: 'This view is private',
  notOwner: 'Only the owner can change this view',
} as const;

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
  deals: [
    'title',
    'contact',
    'stageId',
    'amount',
    'probability',
    'expectedCloseDate',
    'agencyId',
    'ownerId',
    'assignedToId',
    'updatedAt',
  ],
};

/** A resized column's width in px: narrow enough for a short value, wide enough for a long note. */
export const COLUMN_WIDTH = { min: 48, max: 1200 } as const;

/** A person's column widths for one list, in px by column key; `{}` goes back to the list's own. */
export type ColumnWidths = Record<string, number>;

/** The keys of `widths` that are no resizable column of `list`. */
export function unknownColumns(list: ViewList, widths: ColumnWidths): string[] {
  return Object.keys(widths).filter((key) => !RESIZABLE_COLUMNS[list].includes(key));
}
