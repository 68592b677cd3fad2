import { sql, type Kysely } from 'kysely';

// Moderation at scale (decision 0021).
export async function up(db: Kysely<unknown>) {
  // The queue's keyset, (created_at, id) > cursor in that order, read straight from an index
  // of the pending rows only: a page costs the same at 10 or 10,000 waiting, and the total
  // counts the index, not the table.
  await sql`create index words_pending_queue on words (created_at, id) where not public`.execute(db);
  await sql`drop index words_pending`.execute(db);
  await sql`create index sports_pending_queue on sports (created_at, id) where not public`.execute(db);
  await sql`drop index sports_pending`.execute(db);
  // The published words the queue page lists, newest first, without sorting every public word.
  await sql`create index words_published_newest on words (published_at desc nulls last, id desc) where public`.execute(db);

  // The daily digest of what waits, for moderators and admins: on unless they opt out, and
  // the last one sent, which two instances claim by a conditional update (digest.ts).
  await db.schema.alterTable('users').addColumn('moderation_digest', 'boolean', (col) => col.notNull().defaultTo(true)).execute();
  await db.schema.alterTable('users').addColumn('moderation_digest_sent_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('users').dropColumn('moderation_digest_sent_at').execute();
  await db.schema.alterTable('users').dropColumn('moderation_digest').execute();
  await sql`drop index words_published_newest`.execute(db);
  await sql`create index sports_pending on sports (created_at) where not public`.execute(db);
  await sql`drop index sports_pending_queue`.execute(db);
  await sql`create index words_pending on words (created_at) where not public`.execute(db);
  await sql`drop index words_pending_queue`.execute(db);
}
