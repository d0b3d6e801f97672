import { foldCase } from '@crm/domain';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ContactsTable } from '../../db/schema.js';
import { nextVersion } from '../versions/versions.repository.js';

/**
 * What a list row shows and its row actions need (the Convert dialog asks only for the missing
 * conversion fields); the detail reads every column.
 */
export const contactListColumns = [
  'contacts.id',
  'contacts.type',
  'contacts.name',
  'contacts.surname',
  'contacts.phone',
  'contacts.country_code',
  'contacts.email',
  'contacts.nationality',
  'contacts.residency',
  'contacts.gender',
  'contacts.source',
  'contacts.agency_id',
  'contacts.owner_id',
  'contacts.assigned_to_id',
  'contacts.is_active',
  'contacts.completeness',
  'contacts.created_at',
  'contacts.updated_at',
  'agencies.name as agency_name',
  'owner.name as owner_name',
  'assignee.name as assignee_name',
] as const;

/** Every column of a contact: the list's and the detail's own. */
const contactColumns = [
  ...contactListColumns,
  'contacts.passport_number',
  'contacts.birthday',
  'contacts.tr_id_number',
  'contacts.city',
  'contacts.occupation',
  'contacts.marital_status',
  'contacts.number_of_children',
  'contacts.education_level',
  'contacts.income_level',
  'contacts.budget_pence',
  'contacts.preferred_payment',
  'contacts.service_category',
  'contacts.room_number',
  'contacts.notes',
  'contacts.version',
  'contacts.merged_into_id',
] as const;

export function contactsJoined(db: Db) {
  return db
    .selectFrom('contacts')
    .leftJoin('agencies', 'agencies.id', 'contacts.agency_id')
    .innerJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .leftJoin('users as assignee', 'assignee.id', 'contacts.assigned_to_id');
}

function contactsQuery(db: Db) {
  return contactsJoined(db).select(contactColumns);
}

export type ContactRow = NonNullable<Awaited<ReturnType<typeof findContact>>>;

export async function findContact(db: Db, id: number) {
  return contactsQuery(db).where('contacts.id', '=', id).executeTakeFirst();
}

/** The survivor a merged contact points at, if it was merged. */
export async function mergedIntoOf(db: Db, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('contacts')
    .select('merged_into_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.merged_into_id ?? null;
}

/**
 * Several contacts in one statement per 100, answering their ids in the order given: both engines
 * return an INSERT … VALUES statement's rows in the order of its values.
 */
export async function insertContacts(db: Db, rows: Insertable<ContactsTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const inserted = await db
      .insertInto('contacts')
      .values(rows.slice(i, i + 100))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Every update adds one to the version in the same statement. */
export async function updateContact(db: Db, id: number, values: Updateable<ContactsTable>): Promise<void> {
  await db
    .updateTable('contacts')
    .set({ version: nextVersion, ...values })
    .where('id', '=', id)
    .execute();
}

/** A user's new name reaches the sort keys of the contacts they own or are assigned. */
export async function refreshUserNameKeys(db: Db, userId: number, name: string): Promise<void> {
  const key = foldCase(name);
  await db.updateTable('contacts').set({ owner_key: key }).where('owner_id', '=', userId).execute();
  await db.updateTable('contacts').set({ assignee_key: key }).where('assigned_to_id', '=', userId).execute();
}

/** The ids of an agency's contacts. */
export async function contactsOfAgency(db: Db, agencyId: number): Promise<number[]> {
  const rows = await db.selectFrom('contacts').select('id').where('agency_id', '=', agencyId).execute();
  return rows.map((row) => row.id);
}
