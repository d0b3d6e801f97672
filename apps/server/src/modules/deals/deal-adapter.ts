import { type DealForm, fromMinor, dealMessages as m } from '@crm/domain';
import type { Db } from '../../db/database.js';
import type { RecordAdapter } from '../records/record-adapter.js';
import type { WriteScope } from '../records/write-scope.js';
import { lockVersion } from '../versions/versions.repository.js';
import { dealDuplicateSpec } from './deal-duplicates.js';
import { installationCurrency, writeDeal } from './deal-write.js';
import { type DealRow, findDeal, linesOfDeals } from './deals.repository.js';

/** A deal as the shared features see it (an import's rows and undo). */
export interface DealView {
  id: number;
  title: string;
  isActive: boolean;
  updatedAt: string;
  version: number;
}

const toView = (row: DealRow): DealView => ({
  id: row.id,
  title: row.title,
  isActive: row.is_active === 1,
  updatedAt: row.updated_at,
  version: row.version,
});

/** The fields an import reads and writes: the form's, without its lines. */
export type DealFields = Omit<DealForm, 'lines' | 'isActive'>;

/** A deal's form as it stands, lines included, so that a change of a few fields keeps the rest. */
export async function dealFormOf(db: Db, row: DealRow): Promise<DealForm> {
  const lines = await linesOfDeals(db, [row.id]);
  return {
    title: row.title,
    contactId: row.contact_id,
    agencyId: row.agency_id,
    ownerId: row.owner_id,
    assignedToId: row.assigned_to_id,
    stageId: row.stage_id,
    probability: row.probability,
    expectedCloseDate: row.expected_close_date,
    source: row.source as DealForm['source'],
    lostReasonId: row.lost_reason_id,
    lostReasonText: row.lost_reason_text,
    wonDate: row.won_date,
    lines: lines.map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      unitPrice: fromMinor(Number(line.unit_price_pence)),
      discount: line.discount_bp / 100,
    })),
    amount: fromMinor(Number(row.amount_pence)),
  };
}

/**
 * Deals through the one write function: a change of some fields is the deal's whole form with
 * those fields replaced (its lines kept), a status change is a status change; either is locked,
 * versioned, recorded in the deal's history and told live by writeDeal.
 */
export const dealAdapter: RecordAdapter<DealView, DealFields, 'deal'> = {
  kind: 'deal',
  notFound: m.dealNotFound,
  read: async (db, id) => {
    const row = await findDeal(db, id);
    return row && toView(row);
  },
  lock: async (w, id) => {
    await lockVersion(w.db, 'deals', id);
    const row = await findDeal(w.db, id);
    return row && toView(row);
  },
  write: async (w: WriteScope, id, change) => {
    const currency = await installationCurrency(w.db);
    if (change.fields) {
      const row = await findDeal(w.db, id);
      const form = row ? { ...(await dealFormOf(w.db, row)), ...change.fields } : undefined;
      // A deal that is gone is writeDeal's "Deal not found." as any other.
      return writeDeal(w, id, { form, isActive: change.isActive, version: change.version }, currency);
    }
    return writeDeal(
      w,
      id,
      { isActive: change.isActive, version: change.version, undoesOwnCreation: change.undoesOwnCreation },
      currency,
    );
  },
  // Deals are not merged with each other.
  mergeFields: [],
  label: (deal) => `${deal.title} (#${deal.id})`,
  duplicates: dealDuplicateSpec as never,
};
