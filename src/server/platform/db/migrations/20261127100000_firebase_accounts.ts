import { sql, type Kysely } from 'kysely';

// Accounts moved in from the original Firebase site keep their Firebase uid beside our id:
// links in newsletters already sent name a member by it. Their passwords arrive as Firebase
// hashed them (`$firebase-scrypt$…` in password_hash), checked with the project's parameters
// (the settings row 'firebase.passwordHash') until the member's first sign-in re-hashes them.
export async function up(db: Kysely<unknown>) {
  await sql`alter table users add column firebase_uid text unique`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table users drop column firebase_uid`.execute(db);
}
