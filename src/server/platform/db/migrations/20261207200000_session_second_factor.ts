import { sql, type Kysely } from 'kysely';

// The staff gate asks whether the session itself passed a second factor, and since when
// (decision 0046): `second_factor_at`, set at the second step, a passkey sign-in, the
// enrolment in the enrolling session and a confirmation by a factor. A session opened after
// its account's second factor was turned on could only have passed one, so it is dated from
// its start; one opened before (on the password alone) ends, as enrolling ends them from now
// on. Sign-in tickets count their wrong codes, so that the third one voids them. A known
// browser is dated from its last sign-in, so that it is forgotten when its cookie would be.
export async function up(db: Kysely<unknown>) {
  await sql`alter table sessions add column second_factor_at timestamptz`.execute(db);
  await sql`
    update sessions set second_factor_at = sessions.created_at
    from users where users.id = sessions.user_id and users.two_factor_since is not null and sessions.created_at >= users.two_factor_since`.execute(db);
  await sql`
    delete from sessions using users
    where users.id = sessions.user_id and users.two_factor_since is not null and sessions.created_at < users.two_factor_since`.execute(db);
  await sql`alter table sign_in_tickets add column wrong_codes integer not null default 0`.execute(db);
  await sql`alter table known_browsers add column last_signed_in_at timestamptz not null default now()`.execute(db);
  await sql`update known_browsers set last_signed_in_at = first_seen_at`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table known_browsers drop column last_signed_in_at`.execute(db);
  await sql`alter table sign_in_tickets drop column wrong_codes`.execute(db);
  await sql`alter table sessions drop column second_factor_at`.execute(db);
}
