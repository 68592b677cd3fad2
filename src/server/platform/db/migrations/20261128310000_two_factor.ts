import { sql, type Kysely } from 'kysely';

// A second factor for signing in with a password: an authenticator app (TOTP) or the member's
// passkeys, with ten single-use recovery codes; and the ticket that carries a right password
// to the second step without opening a session.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('users')
    // Set while the second step is asked at each password sign-in; null otherwise.
    .addColumn('two_factor_since', 'timestamptz')
    // Base32, as authenticator apps take it; the pending one waits for its first code.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    // The 30-second step of the last code accepted: that code, and older ones, are refused.
    .addColumn('totp_last_step', 'bigint')
    .execute();

  await db.schema
    .createTable('recovery_codes')
    // sha256 of the code (80 random bits): enough against guessing, found by its hash.
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('sign_in_tickets')
    // sha256 of the ticket handed to the client after the right password.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Signed in with a temporary password: the new password is asked once in.
    .addColumn('temporary', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_tickets_expires_at').on('sign_in_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('sign_in_tickets').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_since').dropColumn('totp_secret').dropColumn('totp_pending_secret').dropColumn('totp_last_step').execute();
}
