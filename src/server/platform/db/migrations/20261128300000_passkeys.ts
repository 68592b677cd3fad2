import { sql, type Kysely } from 'kysely';

// Passkeys (WebAuthn) a member registers from /account and signs in with, and the challenges
// the server hands out for them. Challenges are rows, not memory, so that whichever instance
// answers the browser's second request finds the one the first instance made.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The credential's id as the authenticator made it (base64url, up to 1,364 characters, too
    // long for a URL's path parameter): what the browser names when it signs in.
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public_key', 'bytea', (col) => col.notNull())
    // The authenticator's signature counter (0 for most passkeys, which keep none).
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user_id').on('passkeys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('webauthn_challenges')
    // The challenge itself (base64url of 32 random bytes): the browser sends it back inside
    // the signed client data, and it is deleted as it is used.
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    // Whose passkey is being added; null for a sign-in, where nobody is known yet.
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_expires_at').on('webauthn_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
