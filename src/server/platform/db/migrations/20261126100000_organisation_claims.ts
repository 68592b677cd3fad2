import { sql, type Kysely } from 'kysely';

// Decision 0026: an organisation registering with an allowlisted address that an account holds
// without ever having proven it leaves a claim here, with a mailed link; opening the link
// replaces that account with the organisation's. Nothing is an account until then.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('organisation_claims')
    // sha256 of the link's random token, as for the verification links.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('newsletter', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    // Kept once used, so a second opening can say the link was already used.
    .addColumn('used_at', 'timestamptz')
    .execute();
  // The claims of one address, newest first: how many were mailed this hour, and spending them.
  await db.schema.createIndex('organisation_claims_email').on('organisation_claims').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('organisation_claims_expires_at').on('organisation_claims').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('organisation_claims').execute();
}
