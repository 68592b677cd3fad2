import { sql, type Kysely } from 'kysely';

/** Who the admin bootstrap manages, the spent temporary password, per-address login failures. */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('users')
    // The account ADMIN_EMAIL's bootstrap created, or was told to take over
    // (ADMIN_PROMOTE_EXISTING): the only one whose roles and password it may change.
    .addColumn('admin_bootstrap', 'boolean', (col) => col.notNull().defaultTo(false))
    // The temporary password a member signed in with, kept until they choose a new one:
    // the new password needs it (or the old one), not just the session.
    .addColumn('spent_temporary_password_hash', 'text')
    .execute();
  // Until now only the bootstrap gave the admin role, so an admin is its account. A session
  // opened before it was promoted may belong to whoever registered the address first:
  // admins sign in again once.
  await sql`update users set admin_bootstrap = true where 'admin' = any(roles)`.execute(db);
  await sql`delete from sessions where user_id in (select id from users where admin_bootstrap)`.execute(db);

  await db.schema.alterTable('login_failures').addColumn('address', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('login_failures').alterColumn('address', (col) => col.dropDefault()).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('login_failures').dropColumn('address').execute();
  await db.schema.alterTable('users').dropColumn('spent_temporary_password_hash').dropColumn('admin_bootstrap').execute();
}
