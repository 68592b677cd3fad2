// A protected form's proof of work (registration, forgot password, event report), fetched
// and solved as the browser's widget does; the bench servers ask a small difficulty
// (site.mjs), so the measured work stays the server's.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export async function proofOfWork(url) {
  const response = await fetch(`${url}/api/anti-bot/challenge`);
  if (response.status === 204) return {};
  if (!response.ok) throw new Error(`challenge → ${response.status}`);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return { altcha: Buffer.from(JSON.stringify(payload)).toString('base64') };
}
