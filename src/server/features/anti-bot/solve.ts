import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ANTI_BOT_FIELD } from '../../../shared/anti-bot';

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
