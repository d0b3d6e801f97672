import type { Kysely } from 'kysely';

/**
 * Single sign-on through one OpenID Connect provider. A pending sign-in holds what the callback
 * must check (the state, as a digest; the nonce; the PKCE verifier) for ten minutes and is spent
 * once; a hand-off is the one-time code the web app trades for a session; an identity links a user
 * to the provider's subject, so that a later change of e-mail at the provider keeps the account.
 * All of them are rows, not memory, so that the callback may reach any server process.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_pending_sign_ins')
    .addColumn('state_digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sso_pending_sign_ins_expiry')
    .on('sso_pending_sign_ins')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sso_handoffs')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_handoffs_user').on('sso_handoffs').column('user_id').execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_identities').execute();
  await db.schema.dropTable('sso_handoffs').execute();
  await db.schema.dropTable('sso_pending_sign_ins').execute();
}
