import type { Kysely } from 'kysely';

// Decision 0023: each solved challenge is spent once; its nonce is kept until the challenge
// would have expired anyway, so a replayed solution finds it.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('anti_bot_spent')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('anti_bot_spent_expires_at').on('anti_bot_spent').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('anti_bot_spent').execute();
}
