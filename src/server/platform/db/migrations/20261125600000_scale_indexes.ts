import { sql, type Kysely } from 'kysely';

// Indexes for the queries that the scale benchmark found reading whole tables that
// grow with members. Each one is checked by an EXPLAIN test (src/server/platform/db/query-plans.test.ts).
export async function up(db: Kysely<unknown>) {
  // Survey answers in (day, id) order: the admin's free-text pages and the CSV export read
  // them by keyset, newest or oldest first. Replaces the index on (survey_id, answered_on).
  await sql`create index survey_answers_keyset on survey_answers (survey_id, answered_on, id)`.execute(db);
  await sql`drop index survey_answers_survey_id`.execute(db);
  // A member's own rows, for the data export and the cascades of an account's deletion: the
  // primary keys of these tables start with the survey or the newsletter.
  await sql`create index survey_submissions_user_id on survey_submissions (user_id)`.execute(db);
  await sql`create index newsletter_deliveries_user_id on newsletter_deliveries (user_id)`.execute(db);
  await sql`create index event_reports_email on event_reports (email)`.execute(db);
  // The supporters' wall in its order (VIP first, then newest), read to its limit only.
  await sql`create index words_wall on words (vip desc, published_at desc nulls last) where public`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index words_wall`.execute(db);
  await sql`drop index event_reports_email`.execute(db);
  await sql`drop index newsletter_deliveries_user_id`.execute(db);
  await sql`drop index survey_submissions_user_id`.execute(db);
  await sql`create index survey_answers_survey_id on survey_answers (survey_id, answered_on)`.execute(db);
  await sql`drop index survey_answers_keyset`.execute(db);
}
