import { agencyMessages as m, type StaffPosition } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { findContact } from '../contacts/contacts.repository.js';
import { type HistoryEntryWrite, insertHistory } from '../history/history.repository.js';
import {
  findStaff,
  insertStaff,
  listStaff,
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

/** A staff history entry names the contact it is about (`related_contact_id`). */
async function recordStaff(
  ctx: AppContext,
  agencyId: number,
  actor: Actor,
  contactId: number,
  entry: HistoryEntryWrite,
  at: string,
  db = ctx.db,
): Promise<void> {
  await insertHistory(db, { kind: 'agency', id: agencyId }, actor.user.id, [entry], at, contactId);
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
  const contact = await findContact(ctx.db, input.contactId);
  if (!contact || contact.agency_id !== agencyId || contact.is_active !== 1) {
    throw badRequest(m.staffContactNotFound, { contactId: m.staffContactNotFound });
  }
  if ((await staffContactIds(ctx.db, agencyId)).includes(input.contactId)) {
    throw conflict(m.staffAlreadyAdded, { contactId: m.staffAlreadyAdded });
  }
  const at = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    // Two clicks at once both pass the check above; the unique index decides and the other gets 409.
    const staffId = await insertStaff(
      trx,
      { agencyId, contactId: input.contactId, position: input.position },
      at,
    ).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(m.staffAlreadyAdded, { contactId: m.staffAlreadyAdded });
      throw error;
    });
    await recordStaff(
      ctx,
      agencyId,
      actor,
      input.contactId,
      { kind: 'staff', field: 'staff', oldValue: null, newValue: `ADDED: ${input.position}` },
      at,
      trx,
    );
    return staffId;
  });
  return toStaffMember((await findStaff(ctx.db, agencyId, id))!);
}

export async function toggleStaff(
  ctx: AppContext,
  actor: Actor,
  agencyId: number,
  staffId: number,
): Promise<StaffMember> {
  const staff = await findStaff(ctx.db, agencyId, staffId);
  if (!staff) throw notFound(m.staffNotFound);
  const active = staff.is_active !== 1;
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await setStaffActive(trx, [staffId], active, at);
    await recordStaff(
      ctx,
      agencyId,
      actor,
      staff.contact_id,
      { kind: 'staff', field: 'staff', oldValue: statusText(!active), newValue: statusText(active) },
      at,
      trx,
    );
  });
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
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await setStaffActive(
      trx,
      members.map((row) => row.id),
      active,
      at,
    );
    for (const row of members) {
      await recordStaff(
        ctx,
        agencyId,
        actor,
        row.contact_id,
        { kind: 'staff', field: 'staff', oldValue: statusText(!active), newValue: statusText(active) },
        at,
        trx,
      );
    }
  });
  const verb = active ? 'Activated' : 'Deactivated';
  return { count: members.length, message: `${verb} ${members.length} staff successfully` };
}
