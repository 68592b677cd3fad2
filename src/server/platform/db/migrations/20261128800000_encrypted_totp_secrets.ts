import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// The authenticator apps' secrets, kept in clear until now, are encrypted (AES-256-GCM, the
// member's id as associated data) under a key kept in `settings` beside the signing secrets,
// made here if the site has none yet; `npm run rotate-secrets` replaces it. The form written
// here, `v1.` then the IV, the ciphertext and the tag in base64url, is the one the app reads.
const KEY = 'accounts.totpKey';
const PREFIX = 'v1.';

interface Row {
  id: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
}

async function currentKey(db: Kysely<unknown>): Promise<Buffer> {
  const made = { current: randomBytes(32).toString('base64url'), previous: [] };
  await sql`insert into settings (key, value) values (${KEY}, ${JSON.stringify(made)}::jsonb) on conflict (key) do nothing`.execute(db);
  const { rows } = await sql<{ current: string }>`select value ->> 'current' as current from settings where key = ${KEY}`.execute(db);
  return Buffer.from(rows[0].current, 'base64url');
}

function seal(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
  return PREFIX + Buffer.concat([iv, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64url');
}

function open(key: Buffer, userId: string, sealed: string): string {
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    .setAAD(Buffer.from(userId))
    .setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/** Each member's secrets through `change`, where there are any to change. */
async function rewrite(db: Kysely<unknown>, pick: (value: string) => boolean, change: (userId: string, value: string) => string) {
  const { rows } = await sql<Row>`select id, totp_secret, totp_pending_secret from users where totp_secret is not null or totp_pending_secret is not null`.execute(db);
  const todo = rows.filter((row) => [row.totp_secret, row.totp_pending_secret].some((value) => value !== null && pick(value)));
  for (const row of todo) {
    const next = (value: string | null) => (value !== null && pick(value) ? change(row.id, value) : value);
    await sql`update users set totp_secret = ${next(row.totp_secret)}, totp_pending_secret = ${next(row.totp_pending_secret)} where id = ${row.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>) {
  const key = await currentKey(db);
  await rewrite(db, (value) => !value.startsWith(PREFIX), (userId, value) => seal(key, userId, value));
}

export async function down(db: Kysely<unknown>) {
  const { rows } = await sql<{ current: string }>`select value ->> 'current' as current from settings where key = ${KEY}`.execute(db);
  if (rows.length === 0) return;
  const key = Buffer.from(rows[0].current, 'base64url');
  await rewrite(db, (value) => value.startsWith(PREFIX), (userId, value) => open(key, userId, value));
  await sql`delete from settings where key = ${KEY}`.execute(db);
}
