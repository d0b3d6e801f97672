/** Where each bar or slice of the dashboard's charts leads: the list filtered to it (list URL state). */
const filter = (column: string, value: string) => `f.${column}=${encodeURIComponent(`equals:${value}`)}`;

/** Lists have no week filter: a week opens the list newest first, where that week's rows are. */
export const NEWEST_LEADS = '/leads?sort=createdAt&order=desc';
export const NEWEST_CUSTOMERS = '/customers?sort=createdAt&order=desc';

export function leadsFromSource(source: string | null): string {
  return source === null ? '/leads' : `/leads?${filter('source', source)}`;
}

export function customersOfAgency(name: string): string {
  return `/customers?${filter('agency', name)}`;
}
