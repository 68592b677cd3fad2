import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('words')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Null once the author deleted their account: the public word stays, shown as 'Inconnu'.
    .addColumn('author_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('public', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('vip', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  // Spec §5: one print per member, decided by the database even for concurrent attempts.
  await db.schema.createIndex('words_one_per_author').on('words').column('author_id').unique().execute();
  await sql`create index words_public_published on words (published_at desc) where public`.execute(db);
  await sql`create index words_pending on words (created_at) where not public`.execute(db);

  // PRODUCT.md: deleting an account keeps its word only if public.
  await sql`
    create function words_drop_pending_of_deleted_author() returns trigger language plpgsql as $$
    begin
      delete from words where author_id = old.id and not public;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger users_delete_pending_words before delete on users
    for each row execute function words_drop_pending_of_deleted_author()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger users_delete_pending_words on users`.execute(db);
  await sql`drop function words_drop_pending_of_deleted_author`.execute(db);
  await db.schema.dropTable('words').execute();
}
