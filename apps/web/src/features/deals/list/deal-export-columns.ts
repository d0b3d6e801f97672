import type { ExportColumnOption } from '../../../components/import-export/export-columns';

/** The columns GET /api/exports/deals offers (the server's keys and headers), in its order. */
export const DEAL_EXPORT_COLUMNS: ExportColumnOption[] = [
  { key: 'id', label: 'ID' },
  { key: 'title', label: 'Title' },
  { key: 'contact', label: 'Contact' },
  { key: 'partner', label: 'Partner' },
  { key: 'owner', label: 'Owner' },
  { key: 'assignedTo', label: 'Assigned To' },
  { key: 'stage', label: 'Stage' },
  { key: 'probability', label: 'Probability' },
  { key: 'amount', label: 'Amount' },
  { key: 'expectedCloseDate', label: 'Expected Close Date' },
  { key: 'source', label: 'Source' },
  { key: 'lostReason', label: 'Lost Reason' },
  { key: 'lostReasonText', label: 'Lost Reason Details' },
  { key: 'wonDate', label: 'Won Date' },
  { key: 'status', label: 'Status' },
  { key: 'createdAt', label: 'Created At' },
];
