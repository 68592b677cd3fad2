import { sql, type Kysely } from 'kysely';
// Decision 0015: an account unused for 5 years is deleted, as the privacy policy promises. Its
// last use is the last time a session was opened or renewed (a session in use is renewed at
// least every 15 days), written by the database itself so no route can forget it.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`)).execute();
  await sql`
    update users set last_seen_at = greatest(
      users.created_at,
      (select max(greatest(sessions.created_at, sessions.expires_at - interval '30 days')) from sessions where sessions.user_id = users.id)
    )`.execute(db);
  await sql`
    create function users_touch_last_seen() returns trigger language plpgsql as $$
    begin
      update users set last_seen_at = now() where id = new.user_id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger sessions_touch_last_seen after insert or update of expires_at on sessions
    for each row execute function users_touch_last_seen()`.execute(db);
  await db.schema.createIndex('users_last_seen_at').on('users').column('last_seen_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger sessions_touch_last_seen on sessions`.execute(db);
  await sql`drop function users_touch_last_seen`.execute(db);
  await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
}
