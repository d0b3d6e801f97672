/**
 * Amounts as people type them. Offices in Turkey write thousands with dots and pence after a comma
 * ("250.000", "250.000,50"); British ones with commas and a point ("250,000", "250,000.50"). Both are
 * read. A single mark followed by exactly three digits groups thousands (nobody types pence to three
 * places), any other single mark is the decimal one. What fits neither way ("1.234,5.6", "12.34.5",
 * "1,23,456") is refused, never guessed.
 */

export type MoneyReading =
  /** `amount` is null when nothing was typed. */
  { ok: true; amount: number | null } | { ok: false; message: string };

/** How the form and the server word a refusal, naming the field ("Budget"). */
export const moneyMessages = {
  notANumber: (label: string) => `${label} must be a number`,
  ambiguous: (label: string) =>
    `${label} is not a clear amount: write 250.000 or 250,000 for thousands, 250.000,50 or 250,000.50 with pence`,
} as const;

const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/;

/** "1.234.567" with one kind of mark, every group three digits: the marks group thousands. */
function groupedThousands(digits: string, mark: string): boolean {
  return GROUPED.test(digits) && !digits.includes(mark === '.' ? ',' : '.');
}

/** Reads a typed amount: "250.000" is 250000, "250.000,50" and "250,000.50" are 250000.5. */
export function readMoney(text: string, label = 'Amount'): MoneyReading {
  // A pound sign, the STG or GBP the specification labels pounds with, and spaces (including the
  // narrow no-break space some keyboards put between groups) carry no meaning. Another currency's
  // sign is no amount in pounds: it is refused.
  const written = text.replace(/[\s\u00a0\u202f£]|STG|GBP/gi, '');
  if (written === '') return { ok: true, amount: null };
  const negative = written.startsWith('-');
  const body = negative ? written.slice(1) : written;
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body))
    return { ok: false, message: moneyMessages.notANumber(label) };
  const amount = readUnsigned(body);
  if (amount === null) return { ok: false, message: moneyMessages.ambiguous(label) };
  return { ok: true, amount: negative ? -amount : amount };
}

function readUnsigned(body: string): number | null {
  if (/^\d+$/.test(body)) return Number(body);
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (dots > 0 && commas > 0) {
    // Both marks: the last one is the decimal mark, written once; the other groups thousands before it.
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    if ((decimal === '.' ? dots : commas) !== 1) return null;
    const [whole = '', pence = ''] = body.split(decimal);
    if (!groupedThousands(whole, decimal === '.' ? ',' : '.')) return null;
    return withPence(whole.replace(/[.,]/g, ''), pence);
  }
  const mark = dots > 0 ? '.' : ',';
  if (dots + commas > 1) return groupedThousands(body, mark) ? Number(body.replace(/[.,]/g, '')) : null;
  const [whole = '', fraction = ''] = body.split(mark);
  if (fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return Number(`${whole}${fraction}`);
  return withPence(whole === '' ? '0' : whole, fraction);
}

/** Pounds and one or two digits of pence; "12." and three or more digits are not an amount. */
function withPence(whole: string, pence: string): number | null {
  if (!/^\d+$/.test(whole) || !/^\d{1,2}$/.test(pence)) return null;
  return Number(`${whole}.${pence}`);
}
