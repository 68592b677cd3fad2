import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ANTI_BOT_CHALLENGE_URL, ANTI_BOT_FIELD } from '../../../shared/anti-bot';

/**
 * Solves a challenge as the widget does in a browser (counting up until the derived key
 * matches), for the site's own scripts that post to protected routes: demo data and tests.
 * Returns the body field to add: empty when the site asked no proof (a 204, no challenge).
 */
export async function solveProofOfWork(challenge: Challenge | undefined): Promise<{ [ANTI_BOT_FIELD]?: string }> {
  if (!challenge) return {};
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof-of-work challenge could not be solved in time');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return { [ANTI_BOT_FIELD]: Buffer.from(JSON.stringify(payload)).toString('base64') };
}

/** A fresh challenge fetched from the app in process (`inject`), solved. */
export async function proofOfWorkFrom(app: FastifyInstance, remoteAddress?: string): Promise<{ [ANTI_BOT_FIELD]?: string }> {
  const response = await app.inject({ method: 'GET', url: ANTI_BOT_CHALLENGE_URL, remoteAddress });
  if (response.statusCode !== 200 && response.statusCode !== 204) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  return solveProofOfWork(response.statusCode === 200 ? response.json<Challenge>() : undefined);
}
