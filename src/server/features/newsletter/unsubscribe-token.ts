import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isUuid } from '../accounts/users';

const SECRET_KEY = 'newsletter.unsubscribeSecret';
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const secrets = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/**
 * The HMAC key of the one-click links. Made at first use and kept in `settings`, so every
 * instance signs and checks with the same one; if two start at once, the first insert wins
 * and both read it back from the same statement.
 */
export function unsubscribeSecret(db: Kysely<Database>): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadSecret(db);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

async function loadSecret(db: Kysely<Database>): Promise<Buffer> {
  const candidate = JSON.stringify(randomBytes(32).toString('base64url'));
  const { rows } = await sql<{ value: string }>`
    insert into settings (key, value) values (${SECRET_KEY}, ${candidate}::jsonb)
    on conflict (key) do update set key = excluded.key
    returning value`.execute(db);
  return Buffer.from(rows[0].value, 'base64url');
}

function signature(secret: Buffer, userId: string): Buffer {
  return createHmac('sha256', secret).update(`newsletter-unsubscribe:${userId.toLowerCase()}`).digest();
}

/** `<userId>.<signature>`: URL-safe as it is. */
export function unsubscribeToken(secret: Buffer, userId: string): string {
  return `${userId}.${signature(secret, userId).toString('base64url')}`;
}

/** The user id a token was made for, or undefined when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: Buffer, token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot < 0) return undefined;
  const userId = token.slice(0, dot);
  const encoded = token.slice(dot + 1);
  // Only the canonical spelling: base64url decoding would skip stray characters.
  if (!isUuid(userId) || !SIGNATURE_PATTERN.test(encoded)) return undefined;
  const given = Buffer.from(encoded, 'base64url');
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
