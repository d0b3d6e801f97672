import {
  type DealFormInput,
  dealAmountMinor,
  dealFormSchema,
  lineTotalMinor,
  readMoney,
  toBasisPoints,
  toMinor,
} from '@crm/domain';
import type { Deal } from '../api/deal-types';

/** One product line as typed: the text of each number is kept until the schema reads it. */
export interface DealLineValues {
  /** Stable across removals, so React keeps each line's inputs. */
  key: number;
  productId: string | null;
  productTitle: string;
  quantity: string;
  unitPrice: string;
  discount: string;
}

export interface DealFormValues {
  title: string;
  contactId: string | null;
  agencyId: string | null;
  ownerId: string | null;
  assignedToId: string | null;
  stageId: string | null;
  /** "" while it follows the stage's default. */
  probability: string;
  expectedCloseDate: string;
  source: string | null;
  lostReasonId: string | null;
  lostReasonText: string;
  amount: string;
  lines: DealLineValues[];
}

let nextLineKey = 1;

export function newLine(): DealLineValues {
  nextLineKey += 1;
  return { key: nextLineKey, productId: null, productTitle: '', quantity: '1', unitPrice: '', discount: '' };
}

const idText = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

export function emptyDealValues(contactId: number | undefined): DealFormValues {
  return {
    title: '',
    contactId: idText(contactId),
    agencyId: null,
    ownerId: null,
    assignedToId: null,
    stageId: null,
    probability: '',
    expectedCloseDate: '',
    source: null,
    lostReasonId: null,
    lostReasonText: '',
    amount: '',
    lines: [],
  };
}

export function valuesFromDeal(deal: Deal): DealFormValues {
  return {
    title: deal.title,
    contactId: String(deal.contactId),
    agencyId: idText(deal.agencyId),
    ownerId: String(deal.ownerId),
    assignedToId: idText(deal.assignedToId),
    stageId: String(deal.stageId),
    probability: String(deal.probability),
    expectedCloseDate: deal.expectedCloseDate ?? '',
    source: deal.source,
    lostReasonId: idText(deal.lostReasonId),
    lostReasonText: deal.lostReasonText ?? '',
    amount: deal.lines.length === 0 ? String(deal.amount) : '',
    lines: deal.lines.map((line) => ({
      ...newLine(),
      productId: String(line.productId),
      productTitle: line.product.title,
      quantity: String(line.quantity),
      unitPrice: String(line.unitPrice),
      discount: line.discount === 0 ? '' : String(line.discount),
    })),
  };
}

/** The body the API takes; the schema reads the typed numbers, as the server reads them. */
export function toDealPayload(values: DealFormValues, wonDate?: string | null): DealFormInput {
  return {
    title: values.title,
    contactId: values.contactId,
    agencyId: values.agencyId,
    ownerId: values.ownerId,
    assignedToId: values.assignedToId,
    stageId: values.stageId,
    probability: values.probability,
    expectedCloseDate: values.expectedCloseDate,
    source: values.source,
    lostReasonId: values.lostReasonId,
    lostReasonText: values.lostReasonText,
    wonDate: wonDate ?? null,
    amount: values.lines.length === 0 ? values.amount : null,
    lines: values.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount,
    })),
  };
}

/** Messages keyed as the server keys them: "title", "lines.0.quantity". */
export function validateDeal(payload: DealFormInput): Record<string, string> {
  const parsed = dealFormSchema.safeParse(payload);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

const lineNumber = (text: string): number | null => {
  const read = readMoney(text);
  return read.ok ? read.amount : null;
};

/**
 * The amount the deal will have, in pence, as the server computes it: the sum of the lines (each
 * quantity × unit price less its discount), or the typed amount when there are none. Null while a
 * number cannot be read yet.
 */
export function previewAmountMinor(values: DealFormValues): number | null {
  if (values.lines.length === 0) {
    const amount = lineNumber(values.amount);
    return dealAmountMinor([], amount === null ? null : toMinor(amount));
  }
  const totals: number[] = [];
  for (const line of values.lines) {
    const quantity = line.quantity.trim() === '' ? 1 : Number(line.quantity);
    const price = lineNumber(line.unitPrice);
    const discount = line.discount.trim() === '' ? 0 : Number(line.discount.replace(',', '.'));
    if (!Number.isFinite(quantity) || price === null || !Number.isFinite(discount)) return null;
    totals.push(
      lineTotalMinor({ quantity, unitPriceMinor: toMinor(price), discountBp: toBasisPoints(discount) }),
    );
  }
  return dealAmountMinor(totals, null);
}
