import type { Kysely } from 'kysely';

/**
 * The admin's Duplicates screen groups active records by each key of the duplicate rule. With the
 * active flag first, each grouping is one ordered walk of a covering index, never of the table.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  await index('contacts_dup_groups_name', 'contacts', ['is_active', 'name_key']);
  await index('contacts_dup_groups_email', 'contacts', ['is_active', 'email_key']);
  await index('contacts_dup_groups_phone', 'contacts', ['is_active', 'phone']);
  await index('agencies_dup_groups_email', 'agencies', ['is_active', 'email_key']);
  await index('agencies_dup_groups_office', 'agencies', ['is_active', 'office_number']);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'contacts_dup_groups_name',
    'contacts_dup_groups_email',
    'contacts_dup_groups_phone',
    'agencies_dup_groups_email',
    'agencies_dup_groups_office',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
