import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take an untyped Kysely and never import app code.
export async function up(db: Kysely<unknown>) {
  // The answers, anonymous (PRODUCT.md): no member id, a random id (no insertion order to
  // match against accounts) and only the day of the answer.
  await db.schema
    .createTable('survey_answers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('survey_id', 'text', (col) => col.notNull())
    .addColumn('responses', 'jsonb', (col) => col.notNull())
    .addColumn('answered_on', 'date', (col) => col.notNull().defaultTo(sql`current_date`))
    .execute();
  await db.schema.createIndex('survey_answers_survey_id').on('survey_answers').columns(['survey_id', 'answered_on']).execute();

  // Who has answered, and nothing else: the primary key makes one answer per member per
  // survey a rule of the database, whatever the number of concurrent submits.
  await db.schema
    .createTable('survey_submissions')
    .addColumn('survey_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('survey_submissions_pkey', ['survey_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('survey_submissions').execute();
  await db.schema.dropTable('survey_answers').execute();
}
