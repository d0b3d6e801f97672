import type { Kysely } from 'kysely';

/**
 * A mention in a deal's note names its deal, so that opening the notification leads to the deal,
 * and the list can leave it out for a reader who may no longer see that deal. The index serves
 * that join and the cascade when a deal is deleted.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('deal_id', 'integer', (c) => c.references('deals.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_deal').on('notifications').column('deal_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_deal').execute();
  await db.schema.alterTable('notifications').dropColumn('deal_id').execute();
}
