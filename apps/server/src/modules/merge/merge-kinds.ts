import { type Agency, agencyAdapter } from '../agencies/agency-adapter.js';
import { type Contact, contactAdapter } from '../contacts/contact-adapter.js';
import type { RecordAdapter } from '../records/record-adapter.js';
import {
  childAgencies,
  childRows,
  contactDeals,
  type LinkMover,
  type MovedRows,
  partnerCustomers,
  partnerDeals,
  salesReps,
  staffPlaces,
} from './merge-links.js';

export interface FieldChoice {
  field: string;
  label: string;
  survivorValue: string | null;
  otherValue: string | null;
  chosen: 'survivor' | 'other';
}

/**
 * What a merge of one record kind needs beyond the kind's adapter: what hangs off its records and
 * follows them into the survivor, and how its answer names the merged record and what moved.
 */
export interface MergeKind<View extends { id: number; isActive: boolean; updatedAt: string }, Merged, Moved> {
  adapter: RecordAdapter<View, never>;
  links: readonly LinkMover[];
  merged(view: View): Merged;
  moved(moved: MovedRows, fields: FieldChoice[]): Moved;
}

export const contactMerge: MergeKind<
  Contact,
  { id: number; name: string; surname: string },
  {
    notes: number;
    files: number;
    history: number;
    staffPositions: number;
    staffDeactivated: number;
    deals: number;
    partnerCustomer: boolean;
  }
> = {
  adapter: contactAdapter as unknown as RecordAdapter<Contact, never>,
  links: [childRows, staffPlaces, contactDeals],
  merged: (contact) => ({ id: contact.id, name: contact.name, surname: contact.surname }),
  moved: (moved, fields) => ({
    notes: moved.notes.length,
    files: moved.files.length,
    history: moved.history.length,
    staffPositions: moved.staff.length,
    staffDeactivated: moved.staffDeactivated.length,
    deals: moved.deals.length,
    partnerCustomer: fields.some((f) => f.field === 'agencyId' && f.chosen === 'other'),
  }),
};

export const agencyMerge: MergeKind<
  Agency,
  { id: number; name: string },
  Record<
    'notes' | 'files' | 'history' | 'staff' | 'customers' | 'childAgencies' | 'salesReps' | 'deals',
    number
  >
> = {
  adapter: agencyAdapter as unknown as RecordAdapter<Agency, never>,
  links: [childRows, staffPlaces, partnerCustomers, childAgencies, salesReps, partnerDeals],
  merged: (agency) => ({ id: agency.id, name: agency.name }),
  moved: (moved) => ({
    notes: moved.notes.length,
    files: moved.files.length,
    history: moved.history.length,
    staff: moved.staff.length,
    customers: moved.customers.length,
    childAgencies: moved.children.length,
    salesReps: moved.reps.length,
    deals: moved.deals.length,
  }),
};
