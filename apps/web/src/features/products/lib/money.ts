const POUNDS = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const AREA = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** An amount in pounds, e.g. "£125,000.50", or a dash when unset (002 §9: pound sign). */
export function formatPounds(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '-' : POUNDS.format(amount);
}

/** An area, e.g. "120.5 m²", or a dash when unset. */
export function formatArea(m2: number | null | undefined): string {
  return m2 === null || m2 === undefined ? '-' : `${AREA.format(m2)} m²`;
}
