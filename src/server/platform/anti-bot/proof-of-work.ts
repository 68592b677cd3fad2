import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { ANTI_BOT_FIELD, type AntiBotErrorCode } from '../../../shared/anti-bot';
import type { Database } from '../db/schema';
import { SigningSecrets, type SecretPolicy } from '../db/signing-secrets';
import { AppError } from '../http/errors';

/** What the widget's workers and altcha-lib both derive with (WebCrypto in the browser). */
const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 rounds of one attempt: the difficulty counts attempts, each this dear. */
const ROUNDS_PER_ATTEMPT = 1000;
/** Long enough to fill in a form slowly; the spent nonces are kept as long. */
const VALID_MS = 30 * 60_000;

/**
 * The challenges' signing secret, kept in `settings` so every instance, and a restart, accepts
 * the others' challenges without one more setting. After `npm run rotate-secrets` the one it
 * replaced is accepted as long as a challenge lives: the forms being filled in still go through.
 */
export const ANTI_BOT_SECRET: SecretPolicy = {
  key: 'anti_bot_secret',
  keepPreviousMs: VALID_MS,
  generate: () => randomBytes(32).toString('hex'),
};

export interface ProofOfWork {
  /** A new signed challenge for one form submission. */
  challenge(): Promise<Challenge>;
  /**
   * Throws a 400 with an anti-bot code unless the request's body carries a solution to one
   * of our challenges, unexpired and never used before; then spends it.
   */
  check(request: FastifyRequest): Promise<void>;
}

export async function createProofOfWork(db: Kysely<Database>, difficulty: number): Promise<ProofOfWork> {
  const secrets = new SigningSecrets(db, ANTI_BOT_SECRET);
  // Read (or made) now: the first visitor does not wait for it.
  await secrets.current();
  const refuse = (code: AntiBotErrorCode) => new AppError(400, code);

  return {
    async challenge() {
      // Deterministic mode: the server picks the counter the browser must find by counting up,
      // so every challenge costs about `difficulty` attempts (half to all of it).
      return createChallenge({
        algorithm: ALGORITHM,
        cost: ROUNDS_PER_ATTEMPT,
        counter: randomInt(difficulty, Math.ceil(difficulty / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + VALID_MS),
        hmacSignatureSecret: await secrets.current(),
      });
    },

    async check(request) {
      // Stryker disable next-line OptionalChaining: every protected route has a body schema, so the body is an object here.
      const raw = (request.body as Record<string, unknown> | undefined)?.[ANTI_BOT_FIELD];
      if (typeof raw !== 'string' || raw === '') throw refuse('anti-bot/missing');
      const payload = parsePayload(raw);
      // Stryker disable next-line ConditionalExpression: without it, a junk payload throws inside verify's try and is 'invalid' all the same.
      if (!payload) throw refuse('anti-bot/invalid');
      // altcha-lib checks the signature before deriving any key: a secret that did not sign
      // the challenge costs one HMAC, and the next accepted one is tried.
      const result = await secrets.verify(async (secret) => {
        try {
          const outcome = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret });
          return outcome.invalidSignature ? undefined : outcome;
          // Stryker disable next-line BlockStatement: an empty catch answers undefined, 'invalid' too.
        } catch {
          // It throws on parameters it cannot use (an unknown algorithm, a bad counter).
          // Stryker disable next-line ObjectLiteral: an answer without `expired` and `verified` is 'invalid' too.
          return { expired: false, verified: false };
        }
      });
      if (result?.expired) throw refuse('anti-bot/expired');
      if (!result?.verified) throw refuse('anti-bot/invalid');
      // The nonce is covered by the signature just checked: one row per solved challenge, and
      // the primary key decides between two requests racing with the same solution.
      // Stryker disable next-line ArithmeticOperator: every challenge the site signs carries expiresAt; the default never applies.
      const { nonce, expiresAt = Date.now() / 1000 } = payload.challenge.parameters;
      const spent = await db
        .insertInto('anti_bot_spent')
        .values({ nonce, expires_at: new Date(expiresAt * 1000) })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst();
      if (!spent) throw refuse('anti-bot/replayed');
    },
  };
}

/**
 * The widget's payload: base64 of `{ challenge, solution }`. Anything else is not one. Its
 * checks spare altcha-lib the work on junk, they decide nothing: whatever wrongly passes them
 * is refused by the signature check or throws inside its `try`, 'invalid' either way (so their
 * mutants are equivalent, docs/testing.md).
 */
// Stryker disable all
function parsePayload(raw: string): Payload | undefined {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload;
    const { challenge, solution } = value;
    const valid =
      typeof challenge?.parameters?.nonce === 'string' &&
      typeof challenge.signature === 'string' &&
      Number.isInteger(solution?.counter) &&
      typeof solution.derivedKey === 'string';
    return valid ? value : undefined;
  } catch {
    return undefined;
  }
}
// Stryker restore all

/** Spent nonces of expired challenges: a replay of those is refused as expired anyway. */
export async function purgeSpentChallenges(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('anti_bot_spent').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
