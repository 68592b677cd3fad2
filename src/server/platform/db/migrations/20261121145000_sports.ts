import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('sports')
    // Spec §3: the id is the lower-cased name.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // The name without case, spacing or accents: 'Pétanque' and 'petanque' are one sport.
    .addColumn('duplicate_key', 'text', (col) => col.notNull().unique())
    .addColumn('emoji', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('submitted_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('public', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  await sql`create index sports_pending on sports (created_at) where not public`.execute(db);

  await db.schema
    .createTable('sport_reactions')
    .addColumn('sport_id', 'text', (col) => col.notNull().references('sports.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reaction', 'text', (col) => col.notNull().check(sql`reaction in ('love', 'wow', 'no')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Spec §4: at most one reaction per member and sport, held by the key itself.
    .addPrimaryKeyConstraint('sport_reactions_pkey', ['sport_id', 'user_id'])
    .execute();
  await db.schema.createIndex('sport_reactions_user').on('sport_reactions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('sport_reactions').execute();
  await db.schema.dropTable('sports').execute();
}
