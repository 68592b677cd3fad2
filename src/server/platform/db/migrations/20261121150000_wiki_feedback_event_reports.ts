import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('wiki_feedback')
    .addColumn('article_id', 'text', (col) => col.notNull())
    // A random id kept by the visitor's browser: one answer per visitor and article.
    .addColumn('visitor_id', 'uuid', (col) => col.notNull())
    .addColumn('helpful', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wiki_feedback_pkey', ['article_id', 'visitor_id'])
    .execute();

  await db.schema
    .createTable('event_reports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_name', 'text', (col) => col.notNull())
    .addColumn('sport', 'text', (col) => col.notNull())
    .addColumn('event_date', 'date', (col) => col.notNull())
    .addColumn('place', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('event_reports_created_at').on('event_reports').column('created_at').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('event_reports').execute();
  await db.schema.dropTable('wiki_feedback').execute();
}
