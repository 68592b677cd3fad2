import type { Kysely } from 'kysely';

// The audience's daily totals (shared/audience.ts): per day, page and referring site ('' for
// none), a count and nothing else about anyone.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('audience_daily')
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('visits', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('audience_daily_pkey', ['day', 'path', 'referrer'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('audience_daily').execute();
}
