import { sql, type Kysely } from 'kysely';

// Decision 0028: forgot password mails an account at most 3 temporary passwords an hour,
// whoever asks. The times of the last ones live on the account's own row, so the request's
// single UPDATE both checks and records them, and two requests at once (on any instance) wait
// for each other's row lock and see each other's times.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('users')
    .addColumn('temporary_password_mailed_at', sql`timestamptz[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('users').dropColumn('temporary_password_mailed_at').execute();
}
