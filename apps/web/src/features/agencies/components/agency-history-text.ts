import { enumLabel } from '@crm/domain';
import { describeTaskChange, type HistoryEntry } from '../../../components/record-tabs';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  officeNumber: 'Office Number',
  email: 'Email',
  commissionRate: 'Commission Rate',
  country: 'Country',
  city: 'City',
  type: 'Size',
  parentAgency: 'Parent Agency',
  assignedSalesReps: 'Assigned Sales Reps',
  isActive: 'Status',
};

const ADDED = 'ADDED:';

/** A stored value as the field shows it elsewhere on the screen. */
function fieldValue(field: string, value: string | null): string {
  if (value === null || value === '') return field === 'parentAgency' ? 'Main' : '-';
  if (field === 'isActive') return value === 'true' ? 'Active' : value === 'false' ? 'Inactive' : value;
  if (field === 'commissionRate') return `${value}%`;
  if (field === 'type') return enumLabel(value);
  return value;
}

export interface AgencyHistoryText {
  /** What happened, e.g. "ADDED: SALES REPRESENTATIVE". */
  title: string;
  /** Whom it is about (staff entries) or which change it was (edits). */
  detail?: string;
}

/**
 * 002 §4 history display: a staff entry with no old value is an addition (ADDED: and the position
 * with spaces for underscores), with no new value a removal, otherwise a status change; an entry
 * without a field is an added note; any other shows its field, old and new value.
 */
export function agencyHistoryText(entry: HistoryEntry): AgencyHistoryText {
  const member = entry.contact?.name;
  if (entry.kind === 'task') {
    const sentence = describeTaskChange(entry);
    return { title: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
  }
  if (entry.field === 'staff' || entry.kind === 'staff') {
    if (!entry.oldValue) {
      const added = (entry.newValue ?? '').replace(/^ADDED:\s*/, '').replace(/_/g, ' ');
      return { title: `${ADDED} ${added}`.trim(), detail: member };
    }
    if (!entry.newValue) return { title: `REMOVED: ${entry.oldValue.replace(/_/g, ' ')}`, detail: member };
    return { title: `Status changed: ${entry.oldValue} → ${entry.newValue}`, detail: member };
  }
  if (entry.kind === 'note' || !entry.field) return { title: 'Note added' };
  return {
    title: FIELD_LABELS[entry.field] ?? entry.field,
    detail: `${fieldValue(entry.field, entry.oldValue)} → ${fieldValue(entry.field, entry.newValue)}`,
  };
}
