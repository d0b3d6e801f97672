import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const CONTACT_GROUP_RULES = { name: 'name_key', email: 'email_key', phone: 'phone' } as const;
export const AGENCY_GROUP_RULES = { email: 'email_key', officeNumber: 'office_number' } as const;
const MEMBERS_PER_GROUP = 10;

/** Values of one key shared by two or more active records, in key order, a page at a time. */
async function sharedValues(
  db: Db,
  table: 'contacts' | 'agencies',
  column: string,
  limit: number,
  offset: number,
): Promise<{ value: string; n: number }[]> {
  const { rows } = await sql<{ value: string; n: number | string }>`
    select ${sql.ref(column)} as value, count(*) as n from ${sql.table(table)}
    where is_active = 1 and ${sql.ref(column)} <> ''
    group by ${sql.ref(column)} having count(*) > 1
    order by ${sql.ref(column)} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => ({ value: row.value, n: Number(row.n) }));
}

export async function contactGroups(
  db: Db,
  rule: keyof typeof CONTACT_GROUP_RULES,
  limit: number,
  offset: number,
) {
  const column = CONTACT_GROUP_RULES[rule];
  const values = await sharedValues(db, 'contacts', column, limit, offset);
  if (values.length === 0) return { values, members: [] };
  const members = await db
    .selectFrom('contacts')
    .select([
      'id',
      'type',
      'name',
      'surname',
      'email',
      'phone',
      'updated_at',
      sql.ref<string>(column).as('group_value'),
    ])
    .where('is_active', '=', 1)
    .where(
      sql.ref(column),
      'in',
      values.map((v) => v.value),
    )
    .orderBy('updated_at', 'desc')
    .limit(values.length * MEMBERS_PER_GROUP)
    .execute();
  return { values, members };
}

export async function agencyGroups(
  db: Db,
  rule: keyof typeof AGENCY_GROUP_RULES,
  limit: number,
  offset: number,
) {
  const column = AGENCY_GROUP_RULES[rule];
  const values = await sharedValues(db, 'agencies', column, limit, offset);
  if (values.length === 0) return { values, members: [] };
  const members = await db
    .selectFrom('agencies')
    .select(['id', 'name', 'email', 'office_number', 'updated_at', sql.ref<string>(column).as('group_value')])
    .where('is_active', '=', 1)
    .where(
      sql.ref(column),
      'in',
      values.map((v) => v.value),
    )
    .orderBy('updated_at', 'desc')
    .limit(values.length * MEMBERS_PER_GROUP)
    .execute();
  return { values, members };
}
