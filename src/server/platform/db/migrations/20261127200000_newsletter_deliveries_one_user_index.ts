import { sql, type Kysely } from 'kysely';

// The deliveries had two identical indexes on user_id (the newsletter's first migration made
// one, the scale indexes a second): every delivery queued, claimed and recorded wrote both.
// Dropping one is also a few per cent of the newsletter's sending speed on a small machine.
export async function up(db: Kysely<unknown>) {
  await sql`drop index if exists newsletter_deliveries_user_id`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`create index newsletter_deliveries_user_id on newsletter_deliveries (user_id)`.execute(db);
}
