import { sql, type Kysely } from 'kysely';

// Decision 0010: the newsletter needs the member's consent, given by ticking a box. Accounts
// were subscribed by default without being asked, which is no consent: they are unsubscribed,
// and the mails still queued for them are dropped, as when a member unsubscribes.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').alterColumn('newsletter', (col) => col.setDefault(false)).execute();
  await sql`update users set newsletter = false where newsletter`.execute(db);
  await sql`delete from newsletter_deliveries where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('users').alterColumn('newsletter', (col) => col.setDefault(true)).execute();
}
