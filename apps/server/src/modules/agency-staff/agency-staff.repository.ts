import type { Db } from '../../db/database.js';

export async function listStaff(db: Db, agencyId: number) {
  return db
    .selectFrom('agency_staff')
    .innerJoin('contacts', 'contacts.id', 'agency_staff.contact_id')
    .select([
      'agency_staff.id',
      'agency_staff.position',
      'agency_staff.is_active',
      'agency_staff.created_at',
      'contacts.id as contact_id',
      'contacts.name',
      'contacts.surname',
      'contacts.email',
      'contacts.phone',
    ])
    .where('agency_staff.agency_id', '=', agencyId)
    .orderBy('contacts.name_key')
    .execute();
}

export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

export async function findStaff(db: Db, agencyId: number, staffId: number) {
  return (await listStaff(db, agencyId)).find((row) => row.id === staffId);
}

export async function staffContactIds(db: Db, agencyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('agency_staff')
    .select('contact_id')
    .where('agency_id', '=', agencyId)
    .execute();
  return rows.map((row) => row.contact_id);
}

export async function insertStaff(
  db: Db,
  staff: { agencyId: number; contactId: number; position: string },
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('agency_staff')
    .values({
      agency_id: staff.agencyId,
      contact_id: staff.contactId,
      position: staff.position,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setStaffActive(db: Db, ids: number[], active: boolean, at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('agency_staff')
    .set({ is_active: active ? 1 : 0, updated_at: at })
    .where('id', 'in', ids)
    .execute();
}

/**
 * A merge hands a contact's positions (or an agency's staff) to the survivor, except where the
 * survivor already holds that place (one position per contact and agency): those are deactivated
 * instead. Answers both lists of ids, so that an undo puts exactly them back.
 */
export async function moveStaffRows(
  db: Db,
  kind: 'contact' | 'agency',
  fromId: number,
  toId: number,
): Promise<{ staff: number[]; staffDeactivated: number[] }> {
  const own = kind === 'contact' ? 'contact_id' : 'agency_id';
  const other = kind === 'contact' ? 'agency_id' : 'contact_id';
  const held = await db.selectFrom('agency_staff').select(other).where(own, '=', toId).execute();
  const places = new Set(held.map((row) => row[other as keyof typeof row]));
  const rows = await db
    .selectFrom('agency_staff')
    .select(['id', other, 'is_active'])
    .where(own, '=', fromId)
    .execute();
  const taken = (row: (typeof rows)[number]) => places.has(row[other as keyof typeof row]);
  const staff = rows.filter((row) => !taken(row)).map((row) => row.id);
  const staffDeactivated = rows.filter((row) => taken(row) && row.is_active === 1).map((row) => row.id);
  if (staff.length > 0)
    await db
      .updateTable('agency_staff')
      .set({ [own]: toId })
      .where('id', 'in', staff)
      .execute();
  if (staffDeactivated.length > 0)
    await db.updateTable('agency_staff').set({ is_active: 0 }).where('id', 'in', staffDeactivated).execute();
  return { staff, staffDeactivated };
}

/** Puts back what moveStaffRows moved and deactivated. */
export async function moveStaffRowsBack(
  db: Db,
  kind: 'contact' | 'agency',
  moved: { staff: number[]; staffDeactivated: number[] },
  otherId: number,
): Promise<void> {
  const own = kind === 'contact' ? 'contact_id' : 'agency_id';
  if (moved.staff.length > 0)
    await db
      .updateTable('agency_staff')
      .set({ [own]: otherId })
      .where('id', 'in', moved.staff)
      .execute();
  if (moved.staffDeactivated.length > 0)
    await db
      .updateTable('agency_staff')
      .set({ is_active: 1 })
      .where('id', 'in', moved.staffDeactivated)
      .execute();
}
