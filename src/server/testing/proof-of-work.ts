import type { FastifyInstance } from 'fastify';
import type { Challenge } from 'altcha-lib';
import { ANTI_BOT_CHALLENGE_URL, ANTI_BOT_FIELD } from '../../shared/anti-bot';
import { solveProofOfWork } from '../features/anti-bot/solve';

/**
 * A fresh challenge from the app, solved: spread into the body of a protected route, as
 * the forms do. Tests run with a small ANTI_BOT_DIFFICULTY (test-app.ts), so it is quick.
 */
export async function proofOfWork(app: FastifyInstance, remoteAddress?: string): Promise<{ [ANTI_BOT_FIELD]?: string }> {
  const response = await app.inject({ method: 'GET', url: ANTI_BOT_CHALLENGE_URL, remoteAddress });
  if (response.statusCode !== 200 && response.statusCode !== 204) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  return solveProofOfWork(response.statusCode === 200 ? response.json<Challenge>() : undefined);
}
