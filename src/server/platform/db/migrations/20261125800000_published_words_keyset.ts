import { sql, type Kysely } from 'kysely';

// /admin/moderation lists published words a page at a time, newest first, on the
// keyset (published_at, id) < cursor. Every path that publishes a word sets published_at; the
// constraint makes it a rule, so no public word can fall outside the keyset's order (a null
// would be skipped by a row comparison). Words of before without it take their creation time.
export async function up(db: Kysely<unknown>) {
  await sql`update words set published_at = created_at where public and published_at is null`.execute(db);
  await sql`alter table words add constraint words_published_when_public check (not public or published_at is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table words drop constraint words_published_when_public`.execute(db);
}
