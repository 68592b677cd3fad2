import { sql, type Kysely } from 'kysely';

// What the operator's health panel and alerts read (platform/health): each background job's
// last runs, the mail path's last success and failure, the alerts raised and what they watch. Shared by the
// instances: whichever ran a job or sent a mail writes it.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_started_at', 'timestamptz')
    .addColumn('last_finished_at', 'timestamptz')
    .addColumn('last_succeeded_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('mail_health')
    // One row: the site's one mail path.
    .addColumn('id', 'smallint', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('failing_since', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createTable('alerts')
    .addColumn('condition', 'text', (col) => col.primaryKey())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('raised_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Null while the condition holds.
    .addColumn('cleared_at', 'timestamptz')
    // The last mail to the admins about it: at most one a day per condition.
    .addColumn('mailed_at', 'timestamptz')
    .execute();
  // A figure an alert watches for a change (the newsletter's queue: a sending that stopped
  // progressing), and when it last changed.
  await db.schema
    .createTable('health_watches')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The health panel counts them; a scan of every account would grow with the site.
  await sql`create index users_email_undeliverable on users (email_undeliverable_at) where email_undeliverable_at is not null`.execute(db);
  // And the recent newsletters' failures: few rows, found without reading every delivery.
  await sql`create index newsletter_deliveries_failed on newsletter_deliveries (newsletter_id) where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index newsletter_deliveries_failed`.execute(db);
  await sql`drop index users_email_undeliverable`.execute(db);
  await db.schema.dropTable('health_watches').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('mail_health').execute();
  await db.schema.dropTable('job_runs').execute();
}
