import { sql, type Kysely } from 'kysely';

// The wiki's articles are texts (decision 0042): an editor may now hide one from visitors
// (it keeps its address, its history and its answers to 'Cet article vous a-t-il aidé ?'),
// and put screenshots in one, stored here whole, named by their content's hash (decision 0045).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('texts')
    .addColumn('hidden', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('wiki_images')
    // SHA-256 of the re-encoded image, in hex: the address never changes, so it is cached for good.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    // Who put it in first: the image stays when their account goes, as the texts they published do.
    .addColumn('uploaded_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('wiki_images').execute();
  await db.schema.alterTable('texts').dropColumn('hidden').execute();
}
