import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ReauthenticatePayload } from '../../../shared/two-factor';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { anyObject, object, string } from '../../platform/http/schema';
import { passwordAttempt, throttledPasswordCheck } from './login-throttle';
import { authenticationCredential } from './passkey-routes';
import { secondFactorOptions, verifyPasskeySignIn } from './passkeys';
import { verifyAccountPassword } from './passwords';
import { tellRecoveryCodeUsed } from './recovery-code-used';
import { markAuthenticated } from './sessions';
import { spendRecoveryCode, spendTotpCode, twoFactorStatus } from './two-factor';
import { passwordHashes } from './users';

/**
 * The password or a factor asked again before a sensitive act (decision 0046): the session
 * counts as freshly signed in for 10 minutes. Each try goes through the login throttle.
 */
export function reauthenticationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const site = app.config.public;

  app.post('/api/auth/reauthenticate/options', { schema: { body: object({}), response: { 200: anyObject } } }, async (request) => {
    const user = requireMember(request);
    if ((await twoFactorStatus(db, user.id)).passkeys === 0) throw new AppError(404, 'passkeys/not-found');
    return secondFactorOptions(db, site, user.id);
  });

  app.post<{ Body: ReauthenticatePayload }>(
    '/api/auth/reauthenticate',
    { schema: { body: object({ password: string({ maxLength: 1000 }), code: string({ maxLength: 100 }), credential: authenticationCredential }, []) } },
    async (request, reply) => {
      const user = requireMember(request);
      const { password, code, credential } = request.body;
      if ([password, code, credential].filter((given) => given !== undefined).length !== 1) throw new AppError(400, 'http/bad-request');
      let recoveryCodeUsed = false;
      const passed = await throttledPasswordCheck(db, passwordAttempt(request, user.email), async () => {
        if (password !== undefined) return verifyAccountPassword(db, (await passwordHashes(db, user.id)).password_hash, password);
        if (code !== undefined) {
          if (await spendTotpCode(db, site, user, 'totp_secret', code)) return true;
          recoveryCodeUsed = await spendRecoveryCode(db, user.id, code);
          return recoveryCodeUsed;
        }
        try {
          await verifyPasskeySignIn(db, site, credential as AuthenticationResponseJSON, user.id);
          return true;
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 401) return false;
          throw error;
        }
      });
      if (!passed) throw new AppError(401, password !== undefined ? 'auth/wrong-password' : code !== undefined ? 'auth/wrong-code' : 'passkeys/not-verified');
      await markAuthenticated(db, request.sessionId!);
      if (recoveryCodeUsed) await tellRecoveryCodeUsed(app, user, 'confirmation');
      return reply.code(204).send();
    },
  );
}
