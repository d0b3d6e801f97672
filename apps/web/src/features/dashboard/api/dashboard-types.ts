import type { ContactType } from '@crm/domain';

/** One entry of GET /api/contacts/recent (000 §3.3). */
export interface ContactActivity {
  id: number;
  type: 'created' | 'conversion' | 'edited';
  timestamp: string;
  /** Who did it; null when the user is unknown. */
  user: { name: string } | null;
  contactId: number;
  contactName: string;
  contactType: ContactType;
  name: string;
  surname: string;
  owner: { name: string };
  createdAt: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

/** What the three overview cards count. */
export type CountedRecord = 'leads' | 'customers' | 'agencies';
