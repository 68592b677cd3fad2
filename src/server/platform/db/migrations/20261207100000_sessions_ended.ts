import { sql, type Kysely } from 'kysely';

// An open live stream outlived its session: signed out, ended from the member's sessions
// list or by a password change, the session kept its staff topics streaming to whoever held
// it. When a session row is deleted, by any statement, this trigger sends
// `{"endedSession": "<id>"}` on the live channel, delivered at commit to every instance,
// which ends that session's open streams. In the database, so that no writer has to remember
// a second call. Not for rows already expired: the daily retention run deletes those by
// the thousand, which would flood the channel.
export async function up(db: Kysely<unknown>) {
  await sql`
    create function sessions_ended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('site_changes', json_build_object('endedSession', old.id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_ended after delete on sessions
    for each row when (old.expires_at > now()) execute function sessions_ended()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger sessions_ended on sessions`.execute(db);
  await sql`drop function sessions_ended()`.execute(db);
}
