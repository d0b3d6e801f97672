import { agencyMessages as m, type StaffPosition } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { contactBrief } from '../contacts/contact-reads.js';
import { everyone } from '../events/event-types.js';
import { type HistoryEntryWrite, insertHistory } from '../history/history.repository.js';
import { inWrite, type WriteScope } from '../records/write-scope.js';
import {
  findStaff,
  insertStaff,
  listStaff,
  moveStaffRows,
  moveStaffRowsBack,
  type StaffRow,
  setStaffActive,
  staffContactIds,
} from './agency-staff.repository.js';

export interface StaffMember {
  id: number;
  position: string;
  isActive: boolean;
  createdAt: string;
  contact: { id: number; name: string; surname: string; email: string | null; phone: string };
}

function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    position: row.position,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    contact: { id: row.contact_id, name: row.name, surname: row.surname, email: row.email, phone: row.phone },
  };
}

const statusText = (active: boolean) => (active ? 'ACTIVE' : 'INACTIVE');

/**
 * A staff change is the agency's history (naming the contact it is about, `related_contact_id`),
 * and the agency's screens hear of it.
 */
async function recordStaff(w: WriteScope, agencyId: number, contactId: number, entry: HistoryEntryWrite) {
  await insertHistory(w.db, { kind: 'agency', id: agencyId }, w.actor.user.id, [entry], w.at, contactId);
  w.publish({ kind: 'agency', id: agencyId, audience: everyone });
}

export async function staffOf(ctx: AppContext, agencyId: number): Promise<StaffMember[]> {
  return (await listStaff(ctx.db, agencyId)).map(toStaffMember);
}

/** A new staff member is one of the agency's own contacts that is not already staff. */
export async function addStaff(
  ctx: AppContext,
  actor: Actor,
  agencyId: number,
  input: { contactId: number; position: StaffPosition },
): Promise<StaffMember> {
  const contact = await contactBrief(ctx.db, input.contactId);
  if (!contact || contact.agencyId !== agencyId || !contact.isActive) {
    throw badRequest(m.staffContactNotFound, { contactId: m.staffContactNotFound });
  }
  if ((await staffContactIds(ctx.db, agencyId)).includes(input.contactId)) {
    throw conflict(m.staffAlreadyAdded, { contactId: m.staffAlreadyAdded });
  }
  const id = await inWrite(ctx, actor, async (w) => {
    // Two clicks at once both pass the check above; the unique index decides and the other gets 409.
    const staffId = await insertStaff(
      w.db,
      { agencyId, contactId: input.contactId, position: input.position },
      w.at,
    ).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(m.staffAlreadyAdded, { contactId: m.staffAlreadyAdded });
      throw error;
    });
    const newValue = `ADDED: ${input.position}`;
    await recordStaff(w, agencyId, input.contactId, {
      kind: 'staff',
      field: 'staff',
      oldValue: null,
      newValue,
    });
    return staffId;
  });
  return toStaffMember((await findStaff(ctx.db, agencyId, id))!);
}

async function setStaff(w: WriteScope, agencyId: number, rows: StaffRow[], active: boolean): Promise<void> {
  await setStaffActive(
    w.db,
    rows.map((row) => row.id),
    active,
    w.at,
  );
  for (const row of rows) {
    const entry = {
      kind: 'staff',
      field: 'staff',
      oldValue: statusText(!active),
      newValue: statusText(active),
    };
    await recordStaff(w, agencyId, row.contact_id, entry as HistoryEntryWrite);
  }
}

export async function toggleStaff(
  ctx: AppContext,
  actor: Actor,
  agencyId: number,
  staffId: number,
): Promise<StaffMember> {
  const staff = await findStaff(ctx.db, agencyId, staffId);
  if (!staff) throw notFound(m.staffNotFound);
  await inWrite(ctx, actor, (w) => setStaff(w, agencyId, [staff], staff.is_active !== 1));
  return toStaffMember((await findStaff(ctx.db, agencyId, staffId))!);
}

/** Changes only the members whose state differs, in one transaction, and answers how many. */
export async function bulkSetStaff(
  ctx: AppContext,
  actor: Actor,
  agencyId: number,
  staffIds: number[],
  active: boolean,
): Promise<{ count: number; message: string }> {
  const members = (await listStaff(ctx.db, agencyId)).filter(
    (row) => staffIds.includes(row.id) && (row.is_active === 1) !== active,
  );
  if (members.length === 0) return { count: 0, message: m.nothingToUpdate };
  await inWrite(ctx, actor, (w) => setStaff(w, agencyId, members, active));
  const verb = active ? 'Activated' : 'Deactivated';
  return { count: members.length, message: `${verb} ${members.length} staff successfully` };
}

/** A merge hands the merged record's staff places to its survivor (see moveStaffRows). */
export const moveStaff = (w: WriteScope, kind: 'contact' | 'agency', fromId: number, toId: number) =>
  moveStaffRows(w.db, kind, fromId, toId);

/** An undone merge puts the staff places back. */
export const moveStaffBack = (
  w: WriteScope,
  kind: 'contact' | 'agency',
  moved: { staff: number[]; staffDeactivated: number[] },
  otherId: number,
) => moveStaffRowsBack(w.db, kind, moved, otherId);
