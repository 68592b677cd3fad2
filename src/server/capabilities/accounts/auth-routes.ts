import type { FastifyInstance } from 'fastify';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import type { ForgotPasswordPayload, LoginPayload } from '../../../shared/accounts';
import { isStaff } from '../../../shared/permissions';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { AppError } from '../../platform/http/errors';
import { requireMember, sessionPassedSecondFactor } from '../../platform/http/route-groups';
import { boolean, dataOf, object, shape, string } from '../../platform/http/schema';
import { antiBotBodyField, requireProofOfWork } from '../../platform/anti-bot/index';
import { passwordAttempt, throttledPasswordCheck } from './login-throttle';
import { generateTemporaryPassword, hashPassword, isFirebasePasswordHash, verifyAccountPassword, verifyPassword } from './passwords';
import type { AuthRateLimit } from './rate-limits';
import { noteSignInBrowser } from './known-browsers';
import { endSession, startSession } from './sessions';
import { temporaryPasswordMail } from './temporary-password-mail';
import { currentUserSchema, secondFactorRequiredSchema } from './schemas';
import { secondFactorRoutes } from './second-factor-routes';
import { issueSignInTicket } from './sign-in-tickets';
import { secondFactorMethods, twoFactorStatus } from './two-factor';
import { accountWithEmail, findAccountToSignIn, issueTemporaryPassword, replacePasswordHash, spendTemporaryPassword, toCurrentUser } from './users';

const TEMPORARY_PASSWORD_MINUTES = 60;

export function authRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit) {
  const { db } = app.database;
  const secureCookies = app.config.public.publicUrl.startsWith('https:');

  app.post<{ Body: LoginPayload }>(
    '/api/auth/login',
    {
      schema: {
        body: object({ email: string({ maxLength: 500 }), password: string({ maxLength: 1000 }) }),
        response: { 200: currentUserSchema, 202: secondFactorRequiredSchema },
      },
      onRequest: authRateLimit,
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!isValidEmail(email)) throw new AppError(400, 'auth/invalid-email');
      const key = normalizeEmail(email);
      const account = await findAccountToSignIn(db, key);

      const { password } = request.body;
      let usedTemporary = false;
      // An unknown address counts as a wrong password (decision 0028): the spec's distinct
      // answer stays, but probing one address is throttled like guessing its password.
      const matched = await throttledPasswordCheck(db, passwordAttempt(request, key), async () => {
        if (!account) return false;
        if (await verifyAccountPassword(db, account.password_hash, password)) return true;
        usedTemporary =
          account.temporary_password_hash !== null &&
          account.temporary_password_expires_at !== null &&
          account.temporary_password_expires_at > new Date() &&
          (await verifyPassword(account.temporary_password_hash, password));
        return usedTemporary;
      });
      if (!account) throw new AppError(404, 'auth/user-not-found');
      if (!matched) throw new AppError(401, 'auth/wrong-password');
      // Said only to whoever knows the password (an admin suspended the account).
      if (account.suspended_at) throw new AppError(403, 'auth/account-suspended');

      if (usedTemporary) {
        // Single use: the temporary password is spent, and a new password is asked next,
        // with this one as proof (a session alone is not enough to replace the password).
        await spendTemporaryPassword(db, account.id, account.temporary_password_hash!);
      } else if (isFirebasePasswordHash(account.password_hash)) {
        // Moved in from the Firebase site: now that the password is known, it is kept as any
        // other (argon2id) and Firebase's hash is gone.
        await replacePasswordHash(db, account.id, account.password_hash, await hashPassword(password));
      }
      if (account.two_factor_since) {
        // The password was right, but it is only the first step: no session until the second.
        const { ticket, expiresAt } = await issueSignInTicket(db, account.id, usedTemporary);
        const methods = secondFactorMethods(await twoFactorStatus(db, account.id));
        return reply.code(202).send({ secondFactor: { ticket, methods, expiresAt: expiresAt.toISOString() } });
      }
      await startSession(db, reply, account.id, secureCookies, { secondFactor: false });
      await noteSignInBrowser(app, reply, account);
      return toCurrentUser({ ...account, must_change_password: account.must_change_password || usedTemporary });
    },
  );

  secondFactorRoutes(app, authRateLimit);

  app.post('/api/auth/logout', { schema: { body: object({}) } }, async (request, reply) => {
    await endSession(db, request, reply, secureCookies);
    return reply.code(204).send();
  });

  app.get('/api/auth/me', { schema: { response: { 200: currentUserSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = requireMember(request);
    // What the staff gates read: the server's rule (route-groups.ts), told to the page.
    const mustAddSecondFactor = app.config.staffTwoFactor === 'required' && isStaff(user.roles) && !sessionPassedSecondFactor(request);
    return { ...toCurrentUser(user), mustAddSecondFactor };
  });

  app.post<{ Body: WithProofOfWork<ForgotPasswordPayload> }>(
    '/api/fn/users-forgotPassword',
    {
      schema: {
        body: object({ userMail: string({ maxLength: 500 }), ...antiBotBodyField }, ['userMail']),
        response: { 200: dataOf(shape({ sent: boolean })) },
      },
      onRequest: authRateLimit,
      preHandler: requireProofOfWork(app),
    },
    async (request) => {
      const email = request.body.userMail.trim();
      if (!isValidEmail(email)) throw new AppError(400, 'users/invalid-email');
      const temporaryPassword = generateTemporaryPassword();
      const temporaryHash = await hashPassword(temporaryPassword);
      const key = normalizeEmail(email);
      const account = await issueTemporaryPassword(db, key, temporaryHash, new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000));
      if (!account) {
        const exists = await accountWithEmail(db, key);
        // The last mail's password still works: the owner is told to use it.
        throw exists ? new AppError(429, 'users/temporary-passwords-limit') : new AppError(404, 'users/no-user-found');
      }
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
