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
