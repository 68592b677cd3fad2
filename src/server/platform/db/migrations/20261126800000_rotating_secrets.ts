import { sql, type Kysely } from 'kysely';

// The signing secrets of the bot barrier and of the one-click unsubscribe links become
// rotatable: each row holds the secret to sign with and those it replaced, each with the time
// it stops being accepted (platform/db/signing-secrets.ts). A secret made before is the current one.
const KEYS = ['anti_bot_secret', 'newsletter.unsubscribeSecret'];

export async function up(db: Kysely<unknown>) {
  await sql`
    update settings set value = jsonb_build_object('current', value, 'previous', '[]'::jsonb), updated_at = now()
    where key in (${sql.join(KEYS)}) and jsonb_typeof(value) = 'string'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`
    update settings set value = value -> 'current', updated_at = now()
    where key in (${sql.join(KEYS)}) and jsonb_typeof(value) = 'object'`.execute(db);
}
