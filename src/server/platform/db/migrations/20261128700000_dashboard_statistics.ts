import { sql, type Kysely } from 'kysely';

// The admin dashboard's charts count members, words and reactions by week or day over the
// last months. These indexes hold the dates, and for the members every column counted, so a
// count of a period reads an index alone rather than the rows (the accounts' are wide).
export async function up(db: Kysely<unknown>) {
  await sql`create index users_joined on users (created_at) include (account_type, email_verified_at, newsletter)`.execute(db);
  await sql`create index words_created on words (created_at)`.execute(db);
  await sql`create index sport_reactions_created on sport_reactions (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index sport_reactions_created`.execute(db);
  await sql`drop index words_created`.execute(db);
  await sql`drop index users_joined`.execute(db);
}
