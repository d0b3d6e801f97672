import { humanizeField } from '../../../components/record-tabs';

/** How a deal's history names its fields (the server records them by the form's names). */
const LABELS: Record<string, string> = {
  contact: 'Contact',
  contactId: 'Contact',
  agency: 'Partner',
  agencyId: 'Partner',
  owner: 'Owner',
  ownerId: 'Owner',
  assignedTo: 'Assigned to',
  assignedToId: 'Assigned to',
  stage: 'Stage',
  stageId: 'Stage',
  expectedCloseDate: 'Expected close date',
  lostReason: 'Lost reason',
  lostReasonId: 'Lost reason',
  lostReasonText: 'Why it was lost',
  wonDate: 'Won date',
  isActive: 'Active',
  lines: 'Product lines',
};

export const dealFieldLabel = (field: string): string => LABELS[field] ?? humanizeField(field);
