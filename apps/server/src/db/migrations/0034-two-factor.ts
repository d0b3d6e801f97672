import type { Kysely } from 'kysely';

/**
 * Sign-in's second factor. One row per user who has started or finished setting up an
 * authenticator: the TOTP secret, when it was confirmed (null while setup is pending), and the last
 * time step a code was accepted at, so that a code seen once is refused until its window has
 * passed. The recovery codes are kept as SHA-256 digests (see docs/decisions.md), each used at most
 * once. A sign-in challenge is the short-lived proof that the password was right, stored (as a
 * digest) rather than held in memory so that any server process can finish the sign-in.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(128)')
    .addColumn('enabled_at', 'varchar(30)')
    .addColumn('last_time_step', 'bigint')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('reset_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reset_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenges_user').on('sign_in_challenges').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('second_factors').execute();
}
