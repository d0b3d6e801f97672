/** Where each bar or slice of the dashboard's charts leads: the list filtered to it (list URL state). */
const filter = (column: string, value: string) => `f.${column}=${encodeURIComponent(`equals:${value}`)}`;

const DAY_MS = 86_400_000;

/** The week from its Monday (YYYY-MM-DD) as the lists' day interval: `2026-11-16/2026-11-23`. */
function weekInterval(monday: string): string {
  const next = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  return `${monday}/${next}`;
}

export function leadsCreatedIn(monday: string): string {
  return `/leads?${filter('createdAt', weekInterval(monday))}`;
}

/** Customers whose conversion fell in that week. */
export function customersConvertedIn(monday: string): string {
  return `/customers?${filter('convertedAt', weekInterval(monday))}`;
}

export function leadsFromSource(source: string | null): string {
  return source === null ? '/leads' : `/leads?${filter('source', source)}`;
}

export function customersOfAgency(name: string): string {
  return `/customers?${filter('agency', name)}`;
}

/** The partners the Agencies card counts: the active ones. */
export function activeAgencies(): string {
  return `/agencies?${filter('isActive', 'true')}`;
}
