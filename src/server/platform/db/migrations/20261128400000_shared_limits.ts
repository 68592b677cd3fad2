import { sql, type Kysely } from 'kysely';

// Counts that every instance shares, so that n instances allow what one allows: requests per
// client or member and time window, live streams per client, and the newsletter's sending
// pace. UNLOGGED: each check writes, and a crash that empties them only hands out fresh
// budgets, which is cheaper than writing every check to the WAL.
export async function up(db: Kysely<unknown>) {
  await sql`
    create unlogged table request_counts (
      key text primary key,
      count integer not null,
      window_ends_at timestamptz not null
    )`.execute(db);
  await sql`create index request_counts_window_ends_at on request_counts (window_ends_at)`.execute(db);

  // One row per client and instance: an instance that dies stops refreshing seen_at, and its
  // streams stop counting (they died with it).
  await sql`
    create unlogged table live_stream_counts (
      client_key text not null,
      instance uuid not null,
      streams integer not null,
      seen_at timestamptz not null,
      primary key (client_key, instance)
    )`.execute(db);
  await sql`create index live_stream_counts_instance on live_stream_counts (instance)`.execute(db);

  // One row: when the next newsletter mail may start, site-wide.
  await sql`
    create table newsletter_send_pace (
      id boolean primary key default true check (id),
      next_at timestamptz not null
    )`.execute(db);
  await sql`insert into newsletter_send_pace (next_at) values (now())`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table newsletter_send_pace`.execute(db);
  await sql`drop table live_stream_counts`.execute(db);
  await sql`drop table request_counts`.execute(db);
}
