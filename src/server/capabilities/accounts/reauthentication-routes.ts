import type { FastifyInstance } from 'fastify';
import { totpCode, type ReauthenticatePayload } from '../../../shared/two-factor';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { requireMember } from '../../platform/http/route-groups';
import { anyObject, object, string } from '../../platform/http/schema';
import { passwordAttempt, throttledFactorCheck, throttledPasswordCheck } from './login-throttle';
import { authenticationCredential } from './passkey-routes';
import { passkeyPasses, secondFactorOptions } from './passkeys';
import { verifyAccountPassword } from './passwords';
import { tellRecoveryCodeUsed } from './recovery-code-used';
import { markAuthenticated } from './sessions';
import { spendRecoveryCode, spendTotpCode, twoFactorStatus } from './two-factor';
import { passwordHashes } from './users';
import { tellWrongFactors } from './wrong-factors-mail';

/**
 * The password or a factor asked again before a sensitive act (decision 0046): the session
 * counts as freshly signed in for 10 minutes; given a factor, the acts on the factors open too.
 * A password goes through the login throttle, a factor through the second step's, and the
 * route has a request limit of its own, as the sign-in has.
 */
export function reauthenticationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const site = app.config.public;
  const limit = requestLimit(app, { name: 'reauthenticate', max: app.config.authRateLimitPerMinute, timeWindow: 60_000 });

  app.post('/api/auth/reauthenticate/options', { schema: { body: object({}), response: { 200: anyObject } }, onRequest: limit }, async (request) => {
    const user = requireMember(request);
    if ((await twoFactorStatus(db, user.id)).passkeys === 0) throw new AppError(404, 'passkeys/not-found');
    return secondFactorOptions(db, site, user.id);
  });

  app.post<{ Body: ReauthenticatePayload }>(
    '/api/auth/reauthenticate',
    { schema: { body: object({ password: string({ maxLength: 1000 }), code: string({ maxLength: 100 }), credential: authenticationCredential }, []) }, onRequest: limit },
    async (request, reply) => {
      const user = requireMember(request);
      const { password, code, credential } = request.body;
      if ([password, code, credential].filter((given) => given !== undefined).length !== 1) throw new AppError(400, 'http/bad-request');
      const attempt = passwordAttempt(request, user.email);
      if (password !== undefined) {
        const passed = await throttledPasswordCheck(db, attempt, async () => verifyAccountPassword(db, (await passwordHashes(db, user.id)).password_hash, password));
        if (!passed) throw new AppError(401, 'auth/wrong-password');
        await markAuthenticated(db, request.sessionId!, { factor: false });
        return reply.code(204).send();
      }
      let recoveryCodeUsed = false;
      const { passed, burst } = await throttledFactorCheck(db, attempt, code !== undefined && totpCode(code) !== undefined, async () => {
        if (code === undefined) return passkeyPasses(db, site, credential, user.id);
        if (await spendTotpCode(db, site, user, 'totp_secret', code)) return true;
        recoveryCodeUsed = await spendRecoveryCode(db, user.id, code);
        return recoveryCodeUsed;
      });
      if (!passed) {
        if (burst) await tellWrongFactors(app, user.id);
        throw new AppError(401, code !== undefined ? 'auth/wrong-code' : 'passkeys/not-verified');
      }
      await markAuthenticated(db, request.sessionId!, { factor: true });
      if (recoveryCodeUsed) await tellRecoveryCodeUsed(app, user, 'confirmation');
      return reply.code(204).send();
    },
  );
}
