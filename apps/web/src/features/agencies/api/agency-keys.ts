/** Query keys of the partner screens; everything an agency owns sits under its detail key. */
export const agencyKeys = {
  all: ['agencies'] as const,
  options: (search: string) => ['agencies', 'options', search] as const,
  details: ['agencies', 'detail'] as const,
  detail: (id: number) => ['agencies', 'detail', id] as const,
  duplicates: (id: number) => ['agencies', 'detail', id, 'duplicates'] as const,
  staff: (id: number) => ['agencies', 'detail', id, 'staff'] as const,
  contacts: (id: number) => ['agencies', 'detail', id, 'contacts'] as const,
  customers: (id: number) => ['agencies', 'detail', id, 'customers'] as const,
  salesReps: ['agencies', 'sales-rep-options'] as const,
};
