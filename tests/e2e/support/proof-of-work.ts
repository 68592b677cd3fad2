import type { Challenge } from 'altcha-lib';
import { ANTI_BOT_CHALLENGE_URL } from '../../../src/shared/anti-bot';
import { solveProofOfWork } from '../../../src/server/platform/anti-bot/solve';

/**
 * The body field a protected form adds (registration, forgot password, event report): a
 * challenge fetched from the site and solved, as the widget does in the browser.
 */
export async function proofOfWork(siteUrl: string): Promise<{ altcha?: string }> {
  const response = await fetch(`${siteUrl}${ANTI_BOT_CHALLENGE_URL}`);
  if (response.status !== 200 && response.status !== 204) throw new Error(`challenge: ${response.status} ${await response.text()}`);
  return solveProofOfWork(response.status === 200 ? ((await response.json()) as Challenge) : undefined);
}
