import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Stored lower-cased: the unique constraint is then case-insensitive.
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('firstname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('lastname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('account_type', 'text', (col) => col.notNull().check(sql`account_type in ('user', 'organisation')`))
    .addColumn('roles', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('surveys', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('past_trips', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('newsletter', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('temporary_password_hash', 'text')
    .addColumn('temporary_password_expires_at', 'timestamptz')
    .addColumn('must_change_password', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('picture_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
  await sql`create index users_account_type on users (account_type)`.execute(db);

  await db.schema
    .createTable('user_pictures')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    // sha256 of the cookie's token: a leaked table does not hand out sessions.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_failures_email').on('login_failures').columns(['email', 'failed_at']).execute();

  await db.schema
    .createTable('organisation_allowlist')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['organisation_allowlist', 'login_failures', 'sessions', 'user_pictures', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
