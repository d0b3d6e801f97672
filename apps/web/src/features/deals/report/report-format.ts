/** "Nov 2026" for 2026-11. */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "1 deal", "3 deals". */
export const dealCount = (count: number): string =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? 'deal' : 'deals'}`;
