import type { FastifyInstance } from 'fastify';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import type { ForgotPasswordPayload, LoginPayload } from '../../../shared/accounts';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { AppError } from '../../http/errors';
import { requireMember } from '../../http/route-groups';
import { object, string } from '../../http/schema';
import { antiBotBodyField, requireProofOfWork } from '../anti-bot/index';
import { passwordAttempt, throttledPasswordCheck } from './login-throttle';
import { generateTemporaryPassword, hashPassword, verifyPassword } from './passwords';
import type { AuthRateLimit } from './rate-limits';
import { endSession, startSession } from './sessions';
import { temporaryPasswordMail } from './temporary-password-mail';
import { toCurrentUser, userColumns } from './users';

const TEMPORARY_PASSWORD_MINUTES = 60;

export function authRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit) {
  const { db } = app.database;
  const secureCookies = app.config.public.publicUrl.startsWith('https:');

  app.post<{ Body: LoginPayload }>(
    '/api/auth/login',
    {
      schema: { body: object({ email: string({ maxLength: 500 }), password: string({ maxLength: 1000 }) }) },
      onRequest: authRateLimit,
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!isValidEmail(email)) throw new AppError(400, 'auth/invalid-email');
      const key = normalizeEmail(email);
      const account = await db
        .selectFrom('users')
        .select([...userColumns, 'password_hash', 'temporary_password_hash', 'temporary_password_expires_at', 'suspended_at'])
        .where('email', '=', key)
        .executeTakeFirst();
      if (!account) throw new AppError(404, 'auth/user-not-found');

      const { password } = request.body;
      let usedTemporary = false;
      const matched = await throttledPasswordCheck(db, passwordAttempt(request, key), async () => {
        if (await verifyPassword(account.password_hash, password)) return true;
        usedTemporary =
          account.temporary_password_hash !== null &&
          account.temporary_password_expires_at !== null &&
          account.temporary_password_expires_at > new Date() &&
          (await verifyPassword(account.temporary_password_hash, password));
        return usedTemporary;
      });
      if (!matched) throw new AppError(401, 'auth/wrong-password');
      // Said only to whoever knows the password (issue 20: an admin suspended the account).
      if (account.suspended_at) throw new AppError(403, 'auth/account-suspended');

      if (usedTemporary) {
        // Single use: the temporary password is spent, and a new password is asked next,
        // with this one as proof (a session alone is not enough to replace the password).
        // Only the hash that was verified is moved, so a newer mail's password survives.
        await db
          .updateTable('users')
          .set({
            spent_temporary_password_hash: account.temporary_password_hash,
            temporary_password_hash: null,
            temporary_password_expires_at: null,
            must_change_password: true,
          })
          .where('id', '=', account.id)
          .where('temporary_password_hash', '=', account.temporary_password_hash)
          .execute();
      }
      await startSession(db, reply, account.id, secureCookies);
      return toCurrentUser({ ...account, must_change_password: account.must_change_password || usedTemporary });
    },
  );

  app.post('/api/auth/logout', { schema: { body: object({}) } }, async (request, reply) => {
    await endSession(db, request, reply, secureCookies);
    return reply.code(204).send();
  });

  app.get('/api/auth/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return toCurrentUser(requireMember(request));
  });

  app.post<{ Body: WithProofOfWork<ForgotPasswordPayload> }>(
    '/api/fn/users-forgotPassword',
    {
      schema: { body: object({ userMail: string({ maxLength: 500 }), ...antiBotBodyField }, ['userMail']) },
      onRequest: authRateLimit,
      preHandler: requireProofOfWork(app),
    },
    async (request) => {
      const email = request.body.userMail.trim();
      if (!isValidEmail(email)) throw new AppError(400, 'users/invalid-email');
      const temporaryPassword = generateTemporaryPassword();
      const temporaryHash = await hashPassword(temporaryPassword);
      const account = await db
        .updateTable('users')
        .set({
          temporary_password_hash: temporaryHash,
          temporary_password_expires_at: new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000),
        })
        .where('email', '=', normalizeEmail(email))
        .returning(['email', 'firstname', 'username', 'account_type'])
        .executeTakeFirst();
      if (!account) throw new AppError(404, 'users/no-user-found');
      await app.mailer.send({
        to: account.email,
        ...temporaryPasswordMail(app.config.public, {
          name: account.account_type === 'user' ? account.firstname : account.username,
          temporaryPassword,
          validMinutes: TEMPORARY_PASSWORD_MINUTES,
        }),
      });
      return { data: { sent: true } };
    },
  );
}
