import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { signingSecretsOf, type SecretPolicy } from '../../platform/db/signing-secrets';

/**
 * The key of the authenticator apps' secrets, kept in `settings` as the signing secrets are, so
 * every instance reads the same. `npm run rotate-secrets` replaces it and encrypts every secret
 * again in the same transaction (rotateTotpKey): no secret is left under a replaced key, which
 * is therefore not kept at all.
 */
export const TOTP_KEY: SecretPolicy = { key: 'accounts.totpKey', keepPreviousMs: 0, generate: () => randomBytes(32).toString('base64url') };

// The form of a secret the key encrypted; an app's secret in base32 has no dot, so neither is
// taken for the other. The migration that encrypted the earlier secrets wrote the same form.
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM, the member's id as associated data: a secret copied into another member's row
 * does not open there.
 */
export function sealTotpSecret(key: string, userId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv).setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([iv, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return PREFIX + sealed.toString('base64url');
}

/** The secret, or undefined when `key` is not the one it was sealed with (or the text was altered). */
export function openTotpSecret(key: string, userId: string, sealed: string): string | undefined {
  if (!sealed.startsWith(PREFIX)) return undefined;
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), bytes.subarray(0, IV_BYTES))
    .setAAD(Buffer.from(userId))
    .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The key as the database holds it, the row locked until `trx` ends: a secret written under it
 * is committed before a rotation reads the secrets again, or waits for the rotation and gets
 * the new key. An instance's copy of the key may be a minute old; it is good only for reading.
 */
async function keyForWriting(trx: Transaction<Database>, mode: 'share' | 'update'): Promise<string> {
  const { rows } = await sql<{ value: { current: string } }>`select value from settings where key = ${TOTP_KEY.key} for ${sql.raw(mode)}`.execute(trx);
  return rows[0].value.current;
}

/** The app's secret shown for enrolment, kept encrypted until its first code confirms it. */
export async function storePendingTotpSecret(db: Kysely<Database>, userId: string, secret: string) {
  // Made at its first use, as the signing secrets are.
  await signingSecretsOf(db, TOTP_KEY).current();
  await db.transaction().execute(async (trx) => {
    const sealed = sealTotpSecret(await keyForWriting(trx, 'share'), userId, secret);
    await trx.updateTable('users').set({ totp_pending_secret: sealed }).where('id', '=', userId).execute();
  });
}

/** The secret of `column` in clear, or undefined when there is none. */
export async function readTotpSecret(db: Kysely<Database>, userId: string, column: 'totp_secret' | 'totp_pending_secret'): Promise<string | undefined> {
  const row = await db.selectFrom('users').select([column]).where('id', '=', userId).executeTakeFirst();
  const sealed = row?.[column];
  if (!sealed) return undefined;
  // The instance's copy first; if it fails, the key was rotated since and the database's is tried.
  return signingSecretsOf(db, TOTP_KEY).verify((key) => openTotpSecret(key, userId, sealed));
}

/**
 * A new key, and every secret (enrolled or pending) encrypted again under it, in one
 * transaction. Returns how many members' secrets were.
 */
export async function rotateTotpKey(db: Kysely<Database>): Promise<number> {
  await signingSecretsOf(db, TOTP_KEY).current();
  return db.transaction().execute(async (trx) => {
    const old = await keyForWriting(trx, 'update');
    const fresh = TOTP_KEY.generate();
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret'])
      .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
      .execute();
    const reseal = (userId: string, sealed: string | null) => {
      if (sealed === null) return null;
      const secret = openTotpSecret(old, userId, sealed);
      // Stop rather than leave a secret that no key opens any more.
      if (secret === undefined) throw new Error(`le secret d'application du membre ${userId} ne s'ouvre pas avec la clé actuelle`);
      return sealTotpSecret(fresh, userId, secret);
    };
    for (const row of rows) {
      await trx
        .updateTable('users')
        .set({ totp_secret: reseal(row.id, row.totp_secret), totp_pending_secret: reseal(row.id, row.totp_pending_secret) })
        .where('id', '=', row.id)
        .execute();
    }
    await trx
      .updateTable('settings')
      .set({ value: JSON.stringify({ current: fresh, previous: [] }), updated_at: new Date() })
      .where('key', '=', TOTP_KEY.key)
      .execute();
    return rows.length;
  });
}
