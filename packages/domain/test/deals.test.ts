import { describe, expect, it } from 'vitest';
import {
  dealAmountMinor,
  dealFormSchema,
  dealMessages,
  dealStageMoveSchema,
  dealStageSchema,
  formatMoney,
  lineTotalMinor,
  lostReasonSchema,
  toBasisPoints,
  toMinor,
  weightedMinor,
} from '../src/deals.js';

const valid = { title: 'Sea-view flat', contactId: 4, stageId: 1 };

/** The message of each refused field, keyed by its path. */
function issuesOf(input: unknown): Record<string, string> {
  const parsed = dealFormSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('dealFormSchema', () => {
  it('reads the smallest deal with every default left to the server', () => {
    expect(dealFormSchema.parse(valid)).toEqual({
      title: 'Sea-view flat',
      contactId: 4,
      agencyId: null,
      ownerId: null,
      assignedToId: null,
      stageId: 1,
      probability: null,
      expectedCloseDate: null,
      source: null,
      lostReasonId: null,
      lostReasonText: null,
      wonDate: null,
      lines: [],
      amount: null,
    });
  });

  it('requires a title, a contact and a stage, each with its message', () => {
    expect(issuesOf({ title: '  ' })).toEqual({
      title: 'Title is required',
      contactId: 'Contact is required',
      stageId: 'Stage is required',
    });
  });

  it("refuses a 201-character title with 'Title can be at most 200 characters'", () => {
    expect(issuesOf({ ...valid, title: 'x'.repeat(201) })).toEqual({ title: dealMessages.titleMax });
    expect(issuesOf({ ...valid, title: 'x'.repeat(200) })).toEqual({});
  });

  it.each([[-1], [101], [12.5], ['high']])('refuses probability %j', (value) => {
    expect(issuesOf({ ...valid, probability: value })).toEqual({
      probability: 'Probability must be a whole number from 0 to 100',
    });
  });

  it('reads a close date typed day first and refuses one that is no date', () => {
    expect(dealFormSchema.parse({ ...valid, expectedCloseDate: '08.12.2026' }).expectedCloseDate).toBe(
      '2026-12-08',
    );
    expect(dealFormSchema.parse({ ...valid, expectedCloseDate: '2026-12-08' }).expectedCloseDate).toBe(
      '2026-12-08',
    );
    expect(issuesOf({ ...valid, expectedCloseDate: '31.02.2026' })).toEqual({
      expectedCloseDate: 'Expected close date is not a date: write it as dd.mm.yyyy, such as 08.12.2026',
    });
  });

  it("takes a contact's sources only", () => {
    expect(dealFormSchema.parse({ ...valid, source: 'Referral' }).source).toBe('Referral');
    expect(issuesOf({ ...valid, source: 'Radio' })).toEqual({
      source: 'Source must be one of Direct Call, Facebook, Google Ads, Referral, Instagram, Walk-in',
    });
  });

  it('reads lines with a quantity of 1 and no discount by default, and the price left to the product', () => {
    expect(dealFormSchema.parse({ ...valid, lines: [{ productId: 9 }] }).lines).toEqual([
      { productId: 9, quantity: 1, unitPrice: null, discount: 0 },
    ]);
  });

  it('refuses bad lines naming the line and field', () => {
    expect(
      issuesOf({
        ...valid,
        lines: [
          { productId: null, quantity: 0, discount: 101 },
          { productId: 2, quantity: 1.5, unitPrice: -1 },
        ],
      }),
    ).toEqual({
      'lines.0.productId': 'Product is required',
      'lines.0.quantity': 'Quantity must be a whole number of at least 1',
      'lines.0.discount': 'Discount must be a percentage from 0 to 100',
      'lines.1.quantity': 'Quantity must be a whole number of at least 1',
      'lines.1.unitPrice': 'Amounts must be at least 0',
    });
  });

  it('reads typed amounts as offices write them and refuses fractions of a penny', () => {
    expect(dealFormSchema.parse({ ...valid, amount: '250.000' }).amount).toBe(250000);
    expect(dealFormSchema.parse({ ...valid, amount: '1.234,50' }).amount).toBe(1234.5);
    expect(issuesOf({ ...valid, amount: 10.005 })).toEqual({
      amount: 'Amounts can have at most 2 decimal places',
    });
    expect(issuesOf({ ...valid, amount: 2_000_000_000 })).toEqual({
      amount: 'Amounts can be at most 1,000,000,000',
    });
  });

  it('refuses more than 100 lines', () => {
    const lines = Array.from({ length: 101 }, () => ({ productId: 1 }));
    expect(issuesOf({ ...valid, lines })).toEqual({ lines: 'A deal can have at most 100 product lines' });
  });
});

describe('the stage move, stage and lost reason forms', () => {
  it('requires a stage to move to', () => {
    const parsed = dealStageMoveSchema.safeParse({ version: 2 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Stage is required');
  });

  it('requires a stage name and a probability', () => {
    const parsed = dealStageSchema.safeParse({ name: ' ', probability: null });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Stage name is required',
      'Probability must be a whole number from 0 to 100',
    ]);
    expect(dealStageSchema.parse({ name: ' Viewing ', probability: '40' })).toEqual({
      name: 'Viewing',
      probability: 40,
    });
  });

  it('requires a reason name of at most 100 characters', () => {
    expect(lostReasonSchema.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Reason can be at most 100 characters',
    );
  });
});

describe('money', () => {
  it('keeps amounts in minor units', () => {
    expect(toMinor(1234.56)).toBe(123456);
    expect(toMinor(0.29)).toBe(29);
    expect(toBasisPoints(12.5)).toBe(1250);
  });

  it('totals a line as quantity × unit price less its discount, to the penny', () => {
    expect(lineTotalMinor({ quantity: 3, unitPriceMinor: 10_000, discountBp: 1000 })).toBe(27_000);
    expect(lineTotalMinor({ quantity: 1, unitPriceMinor: 999, discountBp: 3333 })).toBe(666);
  });

  it('sums the lines, or takes the amount entered when there are none', () => {
    expect(dealAmountMinor([27_000, 666], 5)).toBe(27_666);
    expect(dealAmountMinor([], 50_000)).toBe(50_000);
    expect(dealAmountMinor([], null)).toBe(0);
  });

  it('weights an amount by its probability', () => {
    expect(weightedMinor(10_001, 25)).toBe(2500);
  });

  it('writes amounts in the installation currency', () => {
    expect(formatMoney(123_456)).toBe('£1,234.56');
    expect(formatMoney(0)).toBe('£0.00');
  });
});
