import { formatDateTime } from '../../lib/format';
import type { HistoryEntry } from './record-types';

export interface HistoryTextOptions {
  /** The label of a field name, e.g. 'passportNumber' → 'Passport No'. */
  fieldLabel?: (field: string) => string;
  /** How a stored value reads, e.g. gender 'MALE' → 'Male'. */
  valueLabel?: (field: string, value: string) => string;
}

/** 'passportNumber' reads 'Passport number'. */
export function humanizeField(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function historyActor(entry: HistoryEntry): string {
  return entry.user?.name ?? 'Someone';
}

const TYPE_NOUNS: Record<string, string> = { LEAD: 'lead', CUSTOMER: 'customer' };

/** 002 §4: 'ADDED: SALES_REPRESENTATIVE' reads 'Sales Representative'. */
function staffPosition(value: string): string {
  return value
    .replace(/^ADDED:\s*/, '')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** A task entry: its creation, or the change of its state, due time, assignee, priority or title. */
export function describeTaskChange(entry: HistoryEntry): string {
  const title = `task "${entry.task?.title ?? entry.newValue ?? ''}"`;
  const due = (value: string | null) => (value ? formatDateTime(value) : 'no date');
  switch (entry.field) {
    case 'task':
      return `added ${title}`;
    case 'state':
      return entry.newValue === 'done' ? `completed ${title}` : `reopened ${title}`;
    case 'dueAt':
      return `rescheduled ${title} from ${due(entry.oldValue)} to ${due(entry.newValue)}`;
    case 'assignee':
      return `reassigned ${title} from ${entry.oldValue ?? 'nobody'} to ${entry.newValue ?? 'nobody'}`;
    case 'description':
      return `edited the description of ${title}`;
    default:
      return `changed the ${entry.field ?? 'details'} of ${title} from ${entry.oldValue ?? 'empty'} to ${entry.newValue ?? 'empty'}`;
  }
}

/**
 * One history entry as a sentence: '{user} changed {field} from {old} to {new} on {time}'
 * (001 §2.4), with readable forms for creation, conversion, an added note and a staff change
 * (002 §4).
 */
export function describeHistoryEntry(entry: HistoryEntry, options: HistoryTextOptions = {}): string {
  const { fieldLabel = humanizeField, valueLabel = (_field: string, value: string) => value } = options;
  const who = historyActor(entry);
  const when = formatDateTime(entry.timestamp);
  const field = entry.field ?? '';
  const value = (raw: string | null) => (raw === null || raw === '' ? 'empty' : valueLabel(field, raw));

  switch (entry.kind) {
    case 'created':
      return `${who} created this ${TYPE_NOUNS[entry.newValue ?? ''] ?? 'record'} on ${when}`;
    case 'conversion':
      return `${who} converted this lead to a customer on ${when}`;
    case 'note':
      return `${who} added a note on ${when}`;
    case 'task':
      return `${who} ${describeTaskChange(entry)} on ${when}`;
    case 'staff': {
      const member = entry.contact?.name ?? 'a staff member';
      if (!entry.oldValue) {
        return `${who} added ${member} as staff (${staffPosition(entry.newValue ?? '')}) on ${when}`;
      }
      if (!entry.newValue) return `${who} removed ${member} from staff on ${when}`;
      return `${who} changed the status of ${member} from ${entry.oldValue} to ${entry.newValue} on ${when}`;
    }
    default:
      if (!entry.field) return `${who} added a note on ${when}`;
      return `${who} changed ${fieldLabel(entry.field)} from ${value(entry.oldValue)} to ${value(entry.newValue)} on ${when}`;
  }
}
