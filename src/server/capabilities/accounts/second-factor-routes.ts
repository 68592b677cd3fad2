import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { SecondFactorPayload } from '../../../shared/two-factor';
import { AppError } from '../../platform/http/errors';
import { anyObject, object, string } from '../../platform/http/schema';
import { passwordAttempt, throttledPasswordCheck } from './login-throttle';
import { authenticationCredential } from './passkey-routes';
import { secondFactorOptions, verifyPasskeySignIn } from './passkeys';
import type { AuthRateLimit } from './rate-limits';
import { currentUserSchema } from './schemas';
import { noteSignInBrowser } from './known-browsers';
import { startSession } from './sessions';
import { readSignInTicket, spendSignInTicket } from './sign-in-tickets';
import { tellRecoveryCodeUsed } from './recovery-code-used';
import { spendRecoveryCode, spendTotpCode, twoFactorStatus } from './two-factor';
import { findAccountToSignIn } from './users';
import { toCurrentUser } from './users';

const ticketField = string({ maxLength: 100 });

/**
 * The second step of a password sign-in (decision 0046): the ticket the login answered, and
 * an app code, a recovery code, or a passkey of the account. Each try goes through the login
 * throttle as a password would: ten wrong codes from one address in 15 minutes, and it waits.
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
      const passed = await throttledPasswordCheck(db, passwordAttempt(request, ticket.email), async () => {
        if (credential !== undefined) {
          try {
            await verifyPasskeySignIn(db, site, credential as AuthenticationResponseJSON, user.id);
            return true;
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 401) return false;
            throw error;
          }
        }
        if (await spendTotpCode(db, site, user, 'totp_secret', code!)) return true;
        recoveryCodeUsed = await spendRecoveryCode(db, user.id, code!);
        return recoveryCodeUsed;
      });
      if (!passed) throw new AppError(401, credential !== undefined ? 'passkeys/not-verified' : 'auth/wrong-code');
      if (!(await spendSignInTicket(db, ticket.id))) throw new AppError(401, 'auth/sign-in-expired');
      const account = await findAccountToSignIn(db, ticket.email);
      if (!account || account.id !== user.id) throw new AppError(401, 'auth/sign-in-expired');
      if (account.suspended_at) throw new AppError(403, 'auth/account-suspended');
      if (recoveryCodeUsed) await tellRecoveryCodeUsed(app, account, 'sign-in');
      await startSession(db, reply, account.id, secureCookies);
      await noteSignInBrowser(app, reply, account);
      return toCurrentUser({ ...account, must_change_password: account.must_change_password || ticket.temporary });
    },
  );
}
