import { sql, type Kysely } from 'kysely';

// The audit journal of admin and moderator actions, kept 12 months (retention.ts).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('journal')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // No foreign key: the row outlives the actor's account and names them by actor_name.
    .addColumn('actor_id', 'uuid')
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  // Newest first, a page at a time (keyset on id), whole or by actor or by kind.
  await db.schema.createIndex('journal_actor_id').on('journal').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('journal_kind').on('journal').columns(['kind', 'id']).execute();
  // The daily purge of rows past 12 months.
  await db.schema.createIndex('journal_created_at').on('journal').column('created_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('journal').execute();
}
