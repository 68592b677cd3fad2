import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('letter', 'text', (col) => col.notNull())
    // null: every account; otherwise one account type (spec §7 filter).
    .addColumn('filter', 'text', (col) => col.check(sql`filter in ('users', 'organisations')`))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('newsletters_created_at').on('newsletters').column('created_at').execute();

  // One row per recipient, written when sending starts: the frozen list and the job queue.
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('newsletter_id', 'uuid', (col) => col.notNull().references('newsletters.id').onDelete('cascade'))
    // A deleted account takes its pending mail with it.
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // When a worker may take it: now, after a retry delay, or when a claim's lease runs out.
    .addColumn('available_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Set by the claim; only its holder may record the outcome.
    .addColumn('claim_token', 'uuid')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    // Never twice to the same recipient for the same newsletter.
    .addPrimaryKeyConstraint('newsletter_deliveries_pkey', ['newsletter_id', 'user_id'])
    .execute();
  await sql`create index newsletter_deliveries_due on newsletter_deliveries (available_at) where status in ('pending', 'sending')`.execute(db);
  await db.schema.createIndex('newsletter_deliveries_user').on('newsletter_deliveries').column('user_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletters').execute();
}
