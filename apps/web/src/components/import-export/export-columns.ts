/** The columns each list's export offers (the server's keys and headers), in the list's order. */
export type ExportList =
  | 'users'
  | 'leads'
  | 'customers'
  | 'partners'
  | 'products'
  | 'partner-customers'
  | 'deals';

export interface ExportColumnOption {
  key: string;
  label: string;
}

const CONTACT_COLUMNS: ExportColumnOption[] = [
  { key: 'name', label: 'Name' },
  { key: 'surname', label: 'Surname' },
  { key: 'type', label: 'Type' },
  { key: 'agency', label: 'Agency' },
  { key: 'email', label: 'E-Mail' },
  { key: 'phone', label: 'Phone Number' },
  { key: 'countryCode', label: 'Country Code' },
  { key: 'nationality', label: 'Nationality' },
  { key: 'residency', label: 'Residency' },
  { key: 'gender', label: 'Gender' },
  { key: 'source', label: 'Source' },
  { key: 'createdBy', label: 'Created By' },
  { key: 'assignedTo', label: 'Assigned To' },
  { key: 'completeness', label: 'Completeness' },
  { key: 'createdAt', label: 'Created At' },
];

/** The deals list keeps its own (features/deals), so that the contact lists do not carry them. */
export const EXPORT_COLUMNS: Record<Exclude<ExportList, 'deals'>, ExportColumnOption[]> = {
  leads: CONTACT_COLUMNS,
  customers: CONTACT_COLUMNS,
  'partner-customers': CONTACT_COLUMNS,
  partners: [
    { key: 'name', label: 'Name' },
    { key: 'level', label: 'Level' },
    { key: 'email', label: 'Email' },
    { key: 'officeNumber', label: 'Office Number' },
    { key: 'type', label: 'Type' },
    { key: 'commissionRate', label: 'Commission Rate' },
    { key: 'country', label: 'Country' },
    { key: 'city', label: 'City' },
    { key: 'createdBy', label: 'Created By' },
    { key: 'status', label: 'Status' },
    { key: 'createdAt', label: 'Created At' },
  ],
  products: [
    { key: 'title', label: 'Title' },
    { key: 'productType', label: 'Product Type' },
    { key: 'realEstateCompany', label: 'Real Estate Company' },
    { key: 'status', label: 'Status' },
    { key: 'createdAt', label: 'Created At' },
  ],
  users: [
    { key: 'name', label: 'Name' },
    { key: 'firstName', label: 'First Name' },
    { key: 'surname', label: 'Surname' },
    { key: 'email', label: 'Email' },
    { key: 'phone', label: 'Phone' },
    { key: 'role', label: 'Role' },
    { key: 'status', label: 'Status' },
    { key: 'createdAt', label: 'Created At' },
  ],
};

/** A plain user's users export is names only (the server refuses other columns to them). */
export const USER_SUMMARY_COLUMNS: ExportColumnOption[] = [{ key: 'name', label: 'Name' }];

/** The list's shown columns as export columns: a contact's "Name" column is its name and surname. */
export function exportColumnsFor(shown: string[] | null, offered: ExportColumnOption[]): string[] {
  if (!shown) return offered.map((c) => c.key);
  const keys = shown.flatMap((key) =>
    key === 'name' && offered.some((c) => c.key === 'surname') ? ['name', 'surname'] : [key],
  );
  const chosen = offered.filter((c) => keys.includes(c.key)).map((c) => c.key);
  return chosen.length > 0 ? chosen : offered.map((c) => c.key);
}

/** The list screen's URL state (q, sort, order, f.<column>) as the API's list parameters. */
export function listQueryOf(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'q' || key === 'sort' || key === 'order') query.set(key, value);
    else if (key.startsWith('f.')) query.set(`filter.${key.slice(2)}`, value);
  }
  return query;
}
