import type { ImportField } from '../records/import-adapter.js';

/** The columns a deal import maps: the export's headers first, so an exported file maps itself. */
export const DEAL_IMPORT_FIELDS: ImportField[] = [
  { key: 'id', label: 'ID', aliases: ['Deal ID', 'Deal Number'] },
  { key: 'title', label: 'Title', aliases: ['Deal', 'Deal Title', 'Deal Name'] },
  { key: 'contact', label: 'Contact', aliases: ['Customer', 'Lead', 'Contact Email', 'Contact E-Mail'] },
  { key: 'partner', label: 'Partner', aliases: ['Agency', 'Partner Name', 'Referral Partner'] },
  { key: 'owner', label: 'Owner', aliases: ['Deal Owner', 'Created By'] },
  { key: 'assignedTo', label: 'Assigned To', aliases: ['Assignee', 'Salesperson', 'Sales Rep'] },
  { key: 'stage', label: 'Stage', aliases: ['Pipeline Stage', 'Deal Stage'] },
  { key: 'probability', label: 'Probability', aliases: ['Probability %', 'Chance'] },
  { key: 'amount', label: 'Amount', aliases: ['Value', 'Deal Value', 'Deal Amount'] },
  { key: 'expectedCloseDate', label: 'Expected Close Date', aliases: ['Close Date', 'Expected Close'] },
  { key: 'source', label: 'Source', aliases: ['Lead Source', 'Deal Source'] },
  { key: 'lostReason', label: 'Lost Reason', aliases: ['Loss Reason', 'Reason Lost'] },
  { key: 'lostReasonText', label: 'Lost Reason Details', aliases: ['Lost Reason Note', 'Loss Details'] },
  { key: 'wonDate', label: 'Won Date', aliases: ['Date Won'] },
];
