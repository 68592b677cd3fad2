import { sql, type Kysely } from 'kysely';

// The site's texts that volunteers edit (decision 0042): a text, every version it was
// published in (kept for good: the history and 'Restaurer'), and each editor's draft of it.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('texts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    // Menu order within a kind (the wiki's side menu).
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('text_versions')
    .addColumn('text_id', 'text', (col) => col.notNull().references('texts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('applicable', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body', 'text', (col) => col.notNull())
    // No foreign key: a version outlives its author's account and names them by author_name.
    .addColumn('author_id', 'uuid')
    .addColumn('author_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('text_versions_pkey', ['text_id', 'version'])
    .execute();
  await db.schema
    .createTable('text_drafts')
    .addColumn('text_id', 'text', (col) => col.notNull().references('texts.id').onDelete('cascade'))
    // A draft is its author's work in progress: it goes with their account.
    .addColumn('author_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('base_version', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('applicable', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('text_drafts_pkey', ['text_id', 'author_id'])
    .execute();
  // "Does this member have drafts", and the cascade when their account goes.
  await db.schema.createIndex('text_drafts_author_id').on('text_drafts').column('author_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('text_drafts').execute();
  await db.schema.dropTable('text_versions').execute();
  await db.schema.dropTable('texts').execute();
}
