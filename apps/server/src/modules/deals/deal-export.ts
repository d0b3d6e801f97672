import type { ListExport } from '../../db/list-stream.js';
import { type ExportColumn, prepared, provideExportList } from '../exports/export-lists.js';
import type { DealListRow } from './deal-mapper.js';
import { dealListExport } from './deals.service.js';

const status = (active: boolean) => (active ? 'Active' : 'Inactive');

/**
 * A deal's export columns, the amount in major units (pounds) as the API answers it. The ID comes
 * first, so that a file exported, edited and imported again updates the deals it came from.
 */
export const DEAL_EXPORT_COLUMNS: ExportColumn<DealListRow>[] = [
  { key: 'id', header: 'ID', value: (d) => d.id },
  { key: 'title', header: 'Title', value: (d) => d.title },
  { key: 'contact', header: 'Contact', value: (d) => d.contact.name },
  { key: 'partner', header: 'Partner', value: (d) => d.agency?.name ?? null },
  { key: 'owner', header: 'Owner', value: (d) => d.owner.name },
  { key: 'assignedTo', header: 'Assigned To', value: (d) => d.assignedTo?.name ?? null },
  { key: 'stage', header: 'Stage', value: (d) => d.stage.name },
  { key: 'probability', header: 'Probability', value: (d) => d.probability },
  { key: 'amount', header: 'Amount', value: (d) => d.amount },
  { key: 'expectedCloseDate', header: 'Expected Close Date', value: (d) => d.expectedCloseDate },
  { key: 'source', header: 'Source', value: (d) => d.source },
  { key: 'lostReason', header: 'Lost Reason', value: (d) => d.lostReason?.name ?? null },
  { key: 'lostReasonText', header: 'Lost Reason Details', value: (d) => d.lostReasonText },
  { key: 'wonDate', header: 'Won Date', value: (d) => d.wonDate },
  { key: 'status', header: 'Status', value: (d) => status(d.isActive) },
  { key: 'createdAt', header: 'Created At', value: (d) => d.createdAt },
];

/**
 * `GET /api/exports/deals`: the deals list's query, scope and total (a plain user's own deals), its
 * rows in these columns. A deal names its contact, so its exports are recorded as the contacts' are.
 */
export function provideDealExport(): void {
  provideExportList('deals', async (ctx, actor, params) =>
    prepared(
      (await dealListExport(ctx, actor, params)) as ListExport<unknown, unknown>,
      DEAL_EXPORT_COLUMNS as ExportColumn<never>[],
      true,
    ),
  );
}
