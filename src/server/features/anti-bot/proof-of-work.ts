import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { ANTI_BOT_FIELD, type AntiBotErrorCode } from '../../../shared/anti-bot';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

/** What the widget's workers and altcha-lib both derive with (WebCrypto in the browser). */
const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 rounds of one attempt: the difficulty counts attempts, each this dear. */
const ROUNDS_PER_ATTEMPT = 1000;
/** Long enough to fill in a form slowly; the spent nonces are kept as long. */
const VALID_MS = 30 * 60_000;
const SECRET_KEY = 'anti_bot_secret';

export interface ProofOfWork {
  /** A new signed challenge for one form submission. */
  challenge(): Promise<Challenge>;
  /**
   * Throws a 400 with an anti-bot code unless the request's body carries a solution to one
   * of our challenges, unexpired and never used before; then spends it.
   */
  check(request: FastifyRequest): Promise<void>;
}

/**
 * The signing secret is made by whichever instance starts first and kept in the settings
 * table, so every instance (and a restart) accepts the others' challenges without one more
 * setting to configure.
 */
async function signingSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: SECRET_KEY, value: JSON.stringify(randomBytes(32).toString('hex')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  return row.value as string;
}

export async function createProofOfWork(db: Kysely<Database>, difficulty: number): Promise<ProofOfWork> {
  const secret = await signingSecret(db);
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
        hmacSignatureSecret: secret,
      });
    },

    async check(request) {
      const raw = (request.body as Record<string, unknown> | undefined)?.[ANTI_BOT_FIELD];
      if (typeof raw !== 'string' || raw === '') throw refuse('anti-bot/missing');
      const payload = parsePayload(raw);
      if (!payload) throw refuse('anti-bot/invalid');
      let result;
      try {
        result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret });
      } catch {
        // altcha-lib throws on parameters it cannot use (an unknown algorithm, a bad counter).
        throw refuse('anti-bot/invalid');
      }
      if (result.expired) throw refuse('anti-bot/expired');
      if (!result.verified) throw refuse('anti-bot/invalid');
      // The nonce is covered by the signature just checked: one row per solved challenge, and
      // the primary key decides between two requests racing with the same solution.
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

/** The widget's payload: base64 of `{ challenge, solution }`. Anything else is not one. */
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

/** Spent nonces of expired challenges: a replay of those is refused as expired anyway. */
export async function purgeSpentChallenges(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('anti_bot_spent').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
