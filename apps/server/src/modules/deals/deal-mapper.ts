import { type Deal, type DealLine, type DealListRow, type DealStage, fromMinor } from '@crm/domain';
import type { StageRow } from './deal-stages.repository.js';
import type { DealCardRow, DealLineRow, DealRow } from './deals.repository.js';

// The deal's API shapes are the domain's, shared with the web app.
export type { Deal, DealLine, DealListRow, DealStage };

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function toDealListRow(row: DealRow | DealCardRow): DealListRow {
  return {
    id: row.id,
    title: row.title,
    contactId: row.contact_id,
    contact: {
      id: row.contact_id,
      name: `${row.contact_name} ${row.contact_surname}`.trim(),
      type: row.contact_type,
    },
    agencyId: row.agency_id,
    agency: ref(row.agency_id, row.agency_name),
    ownerId: row.owner_id,
    owner: { id: row.owner_id, name: row.owner_name },
    assignedToId: row.assigned_to_id,
    assignedTo: ref(row.assigned_to_id, row.assignee_name),
    stageId: row.stage_id,
    stage: { id: row.stage_id, name: row.stage_name, kind: row.stage_kind },
    probability: row.probability,
    amount: fromMinor(Number(row.amount_pence)),
    expectedCloseDate: row.expected_close_date,
    source: row.source,
    lostReasonId: row.lost_reason_id,
    lostReason: ref(row.lost_reason_id, row.lost_reason_name),
    lostReasonText: row.lost_reason_text,
    wonDate: row.won_date,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export function toDealLine(line: DealLineRow): DealLine {
  return {
    productId: line.product_id,
    product: { id: line.product_id, title: line.product_title },
    quantity: line.quantity,
    unitPrice: fromMinor(Number(line.unit_price_pence)),
    discount: line.discount_bp / 100,
    lineTotal: fromMinor(Number(line.line_total_pence)),
  };
}

export function toDeal(row: DealRow, lines: DealLineRow[], currency: string): Deal {
  return { ...toDealListRow(row), lines: lines.map(toDealLine), currency };
}

export const toDealStage = (row: StageRow): DealStage => ({
  id: row.id,
  name: row.name,
  position: row.position,
  probability: row.probability,
  kind: row.kind,
  isActive: row.is_active === 1,
});
