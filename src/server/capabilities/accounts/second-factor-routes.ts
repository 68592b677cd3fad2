import type { FastifyInstance } from 'fastify';
import { totpCode, type SecondFactorPayload } from '../../../shared/two-factor';
import { AppError } from '../../platform/http/errors';
import { anyObject, object, string } from '../../platform/http/schema';
import { passwordAttempt, throttledFactorCheck } from './login-throttle';
import { authenticationCredential } from './passkey-routes';
import { passkeyPasses, secondFactorOptions } from './passkeys';
import type { AuthRateLimit } from './rate-limits';
import { currentUserSchema } from './schemas';
import { noteSignInBrowser } from './known-browsers';
import { startSession } from './sessions';
import { countWrongCode, readSignInTicket, spendSignInTicket } from './sign-in-tickets';
import { tellRecoveryCodeUsed } from './recovery-code-used';
import { tellWrongFactors } from './wrong-factors-mail';
import { spendRecoveryCode, spendTotpCode, twoFactorStatus } from './two-factor';
import { findAccountToSignIn, toCurrentUser } from './users';

const ticketField = string({ maxLength: 100 });

/**
 * The second step of a password sign-in (decision 0046): the ticket the login answered, and
 * an app code, a recovery code, or a passkey of the account. Wrong factors are throttled apart
 * from passwords (throttledFactorCheck), the third wrong one voids the ticket, and a burst of
 * them is mailed to the member, who alone can tell it was not them.
 */
export function secondFactorRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit) {
  const { db } = app.database;
  const site = app.config.public;
  const secureCookies = site.publicUrl.startsWith('https:');

  app.post<{ Body: { ticket: string } }>(
    '/api/auth/second-factor/options',
    { schema: { body: object({ ticket: ticketField }), response: { 200: anyObject } }, onRequest: authRateLimit },
    async (request) => {
      const ticket = await readSignInTicket(db, request.body.ticket);
      if (!ticket) throw new AppError(401, 'auth/sign-in-expired');
      if ((await twoFactorStatus(db, ticket.user_id)).passkeys === 0) throw new AppError(404, 'passkeys/not-found');
      return secondFactorOptions(db, site, ticket.user_id);
    },
  );

  app.post<{ Body: SecondFactorPayload }>(
    '/api/auth/second-factor',
    {
      schema: { body: object({ ticket: ticketField, code: string({ maxLength: 100 }), credential: authenticationCredential }, ['ticket']), response: { 200: currentUserSchema } },
      onRequest: authRateLimit,
    },
    async (request, reply) => {
      const { code, credential } = request.body;
      if ((code === undefined) === (credential === undefined)) throw new AppError(400, 'http/bad-request');
      const ticket = await readSignInTicket(db, request.body.ticket);
      if (!ticket) throw new AppError(401, 'auth/sign-in-expired');
      const user = { id: ticket.user_id, email: ticket.email };
      let recoveryCodeUsed = false;
      const guessable = code !== undefined && totpCode(code) !== undefined;
      const { passed, burst } = await throttledFactorCheck(db, passwordAttempt(request, ticket.email), guessable, async () => {
        if (credential !== undefined) return passkeyPasses(db, site, credential, user.id);
        if (await spendTotpCode(db, site, user, 'totp_secret', code!)) return true;
        recoveryCodeUsed = await spendRecoveryCode(db, user.id, code!);
        return recoveryCodeUsed;
      });
      if (!passed) {
        if (burst) await tellWrongFactors(app, user.id);
        if (await countWrongCode(db, ticket.id)) throw new AppError(401, 'auth/sign-in-voided');
        throw new AppError(401, credential !== undefined ? 'passkeys/not-verified' : 'auth/wrong-code');
      }
      // Of two second steps that both passed with one ticket, only the one that spends it signs in.
      if (!(await spendSignInTicket(db, ticket.id))) throw new AppError(401, 'auth/sign-in-expired');
      const account = await findAccountToSignIn(db, ticket.email);
      if (!account || account.id !== user.id) throw new AppError(401, 'auth/sign-in-expired');
      if (account.suspended_at) throw new AppError(403, 'auth/account-suspended');
      if (recoveryCodeUsed) await tellRecoveryCodeUsed(app, account, 'sign-in');
      await startSession(db, reply, account.id, secureCookies, { secondFactor: true });
      await noteSignInBrowser(app, reply, account);
      return toCurrentUser({ ...account, must_change_password: account.must_change_password || ticket.temporary });
    },
  );
}
