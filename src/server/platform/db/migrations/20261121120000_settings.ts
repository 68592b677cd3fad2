import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take an untyped Kysely and never import app code.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('settings').execute();
}
