import { sql, type Kysely } from 'kysely';

// The member's sessions list: each session's browser (its user agent, read by a parser, no
// location) and when it was last used; and the browsers an account signed in from, so that a
// sign-in from a new one is mailed once.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update sessions set last_seen_at = greatest(created_at, expires_at - interval '30 days')`.execute(db);

  await db.schema
    .createTable('known_browsers')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // sha256 of the random id the browser keeps in a cookie of its own.
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('known_browsers_pkey', ['user_id', 'browser_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('known_browsers').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').dropColumn('last_seen_at').execute();
}
