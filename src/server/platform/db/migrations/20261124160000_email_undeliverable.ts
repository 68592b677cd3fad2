import type { Kysely } from 'kysely';
// Decision 0019: a receiving server that refused an address for good (a 5xx reply to RCPT TO)
// marks it undeliverable: newsletters skip it until the member proves an address again.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('email_undeliverable_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('email_undeliverable_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('users').dropColumn('email_undeliverable_reason').execute();
  await db.schema.alterTable('users').dropColumn('email_undeliverable_at').execute();
}
