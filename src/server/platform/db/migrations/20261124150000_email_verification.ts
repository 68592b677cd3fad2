import { sql, type Kysely } from 'kysely';

// Decision 0018: a member proves their address by opening a mailed link. Accounts created
// before start unverified (their address was never proven) and are not mailed about it.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  await db.schema
    .createTable('email_verifications')
    // sha256 of the link's random token: a leaked table verifies nothing.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The address the link proves: the account's own, or the new one of an e-mail change.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    // Kept once used, so a second opening can say the link was already used.
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_verifications_user_id').on('email_verifications').column('user_id').execute();
  await db.schema.createIndex('email_verifications_expires_at').on('email_verifications').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
