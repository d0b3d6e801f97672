import type { AgencyForm, ContactFields } from '@crm/domain';
import { agencyAdapter } from '../agencies/agency-adapter.js';
import { agencyChildIds, salesRepIdsOf } from '../agencies/agency-reads.js';
import { moveStaff, moveStaffBack } from '../agency-staff/agency-staff.service.js';
import { contactAdapter } from '../contacts/contact-adapter.js';
import { contactIdsOfAgency } from '../contacts/contact-reads.js';
import { moveDeals, moveDealsBack } from '../deals/deal-write.js';
import { moveFiles, moveFilesBack } from '../files/files.service.js';
import { moveHistory, moveHistoryBack } from '../history/history.service.js';
import { moveNotes, moveNotesBack } from '../notes/notes.service.js';
import type { RecordKind } from '../records/record-adapter.js';
import type { WriteScope } from '../records/write-scope.js';
import { activeUsersAmong } from '../users/user-reads.js';

/** The rows a merge moved from the merged record to the survivor, by id, so an undo moves exactly them back. */
export interface MovedRows {
  notes: number[];
  files: number[];
  history: number[];
  /** Staff positions (contacts) or staff members (agencies) that moved. */
  staff: number[];
  /** Staff rows that could not move (the survivor already held that place) and were deactivated. */
  staffDeactivated: number[];
  /** Agencies: the contacts (partner customers) and child agencies that now point at the survivor. */
  customers: number[];
  children: number[];
  /** Agencies: sales representatives added to the survivor. */
  reps: number[];
  /** The deals that now belong to the survivor (a contact's) or that it now referred (a partner's). */
  deals: number[];
}

export const NOTHING_MOVED: MovedRows = {
  notes: [],
  files: [],
  history: [],
  staff: [],
  staffDeactivated: [],
  customers: [],
  children: [],
  reps: [],
  deals: [],
};

/**
 * Something that hangs off a record and follows it into its survivor: each is moved by the module
 * that owns it (its write function), and moved back by an undo.
 */
export interface LinkMover {
  move(w: WriteScope, kind: RecordKind, fromId: number, toId: number): Promise<Partial<MovedRows>>;
  back(w: WriteScope, kind: RecordKind, moved: MovedRows, otherId: number, survivorId: number): Promise<void>;
}

/** Notes, files and history, whichever the record. */
export const childRows: LinkMover = {
  move: async (w, kind, fromId, toId) => ({
    notes: await moveNotes(w.db, kind, fromId, toId),
    files: await moveFiles(w.db, kind, fromId, toId),
    history: await moveHistory(w.db, kind, fromId, toId),
  }),
  back: async (w, kind, moved, otherId) => {
    await moveNotesBack(w.db, kind, moved.notes, otherId);
    await moveFilesBack(w.db, kind, moved.files, otherId);
    await moveHistoryBack(w.db, kind, moved.history, otherId);
  },
};

/** A contact's staff positions, or an agency's staff. */
export const staffPlaces: LinkMover = {
  move: (w, kind, fromId, toId) => moveStaff(w, kind, fromId, toId),
  back: (w, kind, moved, otherId) => moveStaffBack(w, kind, moved, otherId),
};

/** An agency's contacts (its partner customers) change agency through the contacts' write path. */
export const partnerCustomers: LinkMover = {
  move: async (w, _kind, fromId, toId) => {
    const customers = await contactIdsOfAgency(w.db, fromId);
    for (const id of customers)
      await contactAdapter.write(w, id, { fields: { agencyId: toId } as Partial<ContactFields> });
    return { customers };
  },
  back: async (w, _kind, moved, otherId) => {
    for (const id of moved.customers) await contactAdapter.write(w, id, { fields: { agencyId: otherId } });
  },
};

/** An agency's child agencies take the survivor as their parent, through the agencies' write path. */
export const childAgencies: LinkMover = {
  move: async (w, _kind, fromId, toId) => {
    const children = (await agencyChildIds(w.db, fromId)).filter((id) => id !== toId);
    for (const id of children) await agencyAdapter.write(w, id, { fields: { parentAgencyId: toId } });
    return { children };
  },
  back: async (w, _kind, moved, otherId) => {
    for (const id of moved.children)
      await agencyAdapter.write(w, id, { fields: { parentAgencyId: otherId } });
  },
};

/** The merged agency's active sales representatives join the survivor's. */
export const salesReps: LinkMover = {
  move: async (w, _kind, fromId, toId) => {
    const have = await salesRepIdsOf(w.db, toId);
    const theirs = await activeUsersAmong(w.db, await salesRepIdsOf(w.db, fromId));
    const reps = theirs.map((user) => user.id).filter((id) => !have.includes(id));
    if (reps.length > 0)
      await agencyAdapter.write(w, toId, { fields: { assignedSalesRepIds: [...have, ...reps] } });
    return { reps };
  },
  back: async (w, _kind, moved, _otherId, survivorId) => {
    if (moved.reps.length === 0) return;
    const have = await salesRepIdsOf(w.db, survivorId);
    const fields: Partial<AgencyForm> = {
      assignedSalesRepIds: have.filter((id) => !moved.reps.includes(id)),
    };
    await agencyAdapter.write(w, survivorId, { fields });
  },
};

/** A partner's referred deals name the survivor as their partner, through the deals' write path. */
export const partnerDeals: LinkMover = {
  move: async (w, _kind, fromId, toId) => ({ deals: await moveDeals(w, 'agency', fromId, toId) }),
  back: (w, _kind, moved, otherId, survivorId) =>
    moveDealsBack(w, 'agency', moved.deals, survivorId, otherId),
};

/** A contact's deals follow it to the survivor, through the deals' write path. */
export const contactDeals: LinkMover = {
  move: async (w, _kind, fromId, toId) => ({ deals: await moveDeals(w, 'contact', fromId, toId) }),
  back: (w, _kind, moved, otherId, survivorId) =>
    moveDealsBack(w, 'contact', moved.deals, survivorId, otherId),
};
