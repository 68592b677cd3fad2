import { sql, type Kysely } from 'kysely';

// When the session's member last proved who they are (the sign-in, or the password or a factor
// asked again): sensitive acts want it within the last 10 minutes.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('sessions')
    .addColumn('authenticated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Sessions opened before now get no grace: their sign-in time is their creation.
  await sql`update sessions set authenticated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('sessions').dropColumn('authenticated_at').execute();
}
