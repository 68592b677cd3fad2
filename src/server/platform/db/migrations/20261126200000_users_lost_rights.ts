import { sql, type Kysely } from 'kysely';

// An open live stream was allowed its staff topics when it opened, and kept them after its
// member was suspended, demoted or deleted. When an account loses rights (suspended, a role
// taken away, or deleted, by any statement: an admin, the member, the retention job), this
// trigger sends `{"lostRights": "<id>"}` on the live channel, delivered at commit to every
// instance, which ends that member's open streams; their pages reconnect and are checked
// again. In the database, so that no writer has to remember a second call.
export async function up(db: Kysely<unknown>) {
  await sql`
    create function users_lost_rights() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE'
         or (old.suspended_at is null and new.suspended_at is not null)
         or not (new.roles @> old.roles) then
        perform pg_notify('site_changes', json_build_object('lostRights', old.id)::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_lost_rights after delete or update of roles, suspended_at on users
    for each row execute function users_lost_rights()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger users_lost_rights on users`.execute(db);
  await sql`drop function users_lost_rights()`.execute(db);
}
