import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { signingSecretsOf, type SecretPolicy } from '../../platform/db/signing-secrets';
import { isUuid } from '../../platform/db/keys';

const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The HMAC key of the one-click links (RFC 8058), kept in `settings` so every instance signs
 * and checks with the same one. A mail app offers the one-click button as long as the mail is
 * kept, so after `npm run rotate-secrets` the replaced key is accepted 90 days, not 30 minutes
 * (decision 0027): three times the 30 days the American CAN-SPAM law asks of an opt-out, and
 * more than a quarterly newsletter's interval, by when a member's newest letter carries a link
 * signed with the new key.
 */
export const UNSUBSCRIBE_SECRET: SecretPolicy = {
  key: 'newsletter.unsubscribeSecret',
  keepPreviousMs: 90 * 86_400_000,
  generate: () => randomBytes(32).toString('base64url'),
};

// The keys made from the stored secrets, each once: on Node 24 an HMAC keyed by a Buffer costs
// five times one keyed by a KeyObject (the Buffer becomes a key anew for each HMAC), and a
// newsletter signs a link per recipient.
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    // The current key and those replaced within 90 days: a handful, unless secrets rotate in a loop.
    if (keys.size >= 16) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'base64url'));
    keys.set(secret, key);
  }
  return key;
}

/** The key new links are signed with. */
export async function unsubscribeSecret(db: Kysely<Database>): Promise<KeyObject> {
  return keyOf(await signingSecretsOf(db, UNSUBSCRIBE_SECRET).current());
}

/** The user id a one-click link was made for, if the current key or one replaced less than 90 days ago signed it. */
export function userOfUnsubscribeToken(db: Kysely<Database>, token: string): Promise<string | undefined> {
  return signingSecretsOf(db, UNSUBSCRIBE_SECRET).verify((secret) => verifyUnsubscribeToken(keyOf(secret), token));
}

function signature(secret: KeyObject, userId: string): Buffer {
  return createHmac('sha256', secret).update(`newsletter-unsubscribe:${userId.toLowerCase()}`).digest();
}

/** `<userId>.<signature>`: URL-safe as it is. */
export function unsubscribeToken(secret: KeyObject, userId: string): string {
  return `${userId}.${signature(secret, userId).toString('base64url')}`;
}

/** The user id a token was made for, or undefined when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: KeyObject, token: string): string | undefined {
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
