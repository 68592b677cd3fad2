import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PICTURE_MAX_BYTES, PICTURE_TYPES, PICTURE_UPLOADS_PER_HOUR, type ChangePasswordPayload, type DeleteAccountPayload, type UpdateProfilePayload } from '../../../shared/accounts';
import { isValidBio } from '../../../shared/validation/account';
import { isPasswordAccepted } from '../../../shared/validation/password';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { requestLimit } from '../../platform/http/request-limit';
import { object, string } from '../../platform/http/schema';
import { currentUserSchema } from './schemas';
import { emailRoutes } from './email-routes';
import { exportAccountData } from './export';
import { hashPassword, verifyPassword } from './passwords';
import { normalizePicture } from './picture';
import { keepAnAdmin, lockActiveAdmins } from './active-admins';
import { change } from '../../platform/live/change';
import { sendAccountDeletedMail } from './account-deleted-mail';
import { deleteAccount } from './delete-account';
import { passwordAttempt, throttledPasswordCheck } from './login-throttle';
import { endOtherSessions, endSession } from './sessions';
import { findUser, passwordHashes, removePicture, replacePicture, setBio, setPassword, toCurrentUser, type UserRow } from './users';

/** What a signed-in member does with their own account (PRODUCT.md "Accounts"). */
export function accountRoutes(app: FastifyInstance) {
  const { db } = app.database;

  const secureCookies = app.config.public.publicUrl.startsWith('https:');

  /**
   * The member's password, or the temporary one they signed in with while they must choose a
   * new one. Counted by the login throttle: with a stolen session, these checks are guesses too.
   */
  async function passwordMatches(request: FastifyRequest, user: UserRow, password: string) {
    const row = await passwordHashes(db, user.id);
    return throttledPasswordCheck(
      db,
      passwordAttempt(request, user.email),
      async () =>
        (await verifyPassword(row.password_hash, password)) ||
        (row.spent_temporary_password_hash !== null && (await verifyPassword(row.spent_temporary_password_hash, password))),
    );
  }

  emailRoutes(app, passwordMatches);

  app.put<{ Body: ChangePasswordPayload }>(
    '/api/account/password',
    { schema: { body: object({ currentPassword: string({ maxLength: 1000 }), newPassword: string({ maxLength: 1000 }) }) } },
    async (request, reply) => {
      const user = requireMember(request);
      const { currentPassword, newPassword } = request.body;
      // After a temporary password, that password is asked: the session alone is not enough.
      if (!(await passwordMatches(request, user, currentPassword))) throw new AppError(401, 'auth/wrong-password');
      if (!isPasswordAccepted(newPassword)) throw new AppError(400, 'users/invalid-password');
      await setPassword(db, user.id, await hashPassword(newPassword));
      await endOtherSessions(db, user.id, request.sessionId);
      return reply.code(204).send();
    },
  );

  app.patch<{ Body: UpdateProfilePayload }>(
    '/api/account/profile',
    { schema: { body: object({ bio: string({ maxLength: 2000 }) }), response: { 200: currentUserSchema } } },
    async (request) => {
      const user = requireMember(request);
      if (!isValidBio(request.body.bio)) throw new AppError(400, 'users/invalid-bio');
      await setBio(db, user.id, request.body.bio.trim());
      return toCurrentUser((await findUser(db, user.id))!);
    },
  );

  app.register(async (uploads) => {
    uploads.addContentTypeParser([...PICTURE_TYPES], { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    // Per member (the member guard has run), counted before the body is read, since each
    // upload costs CPU to decode; counted for the whole site, whichever instance decodes it.
    const uploadLimit = requestLimit(app, {
      name: 'picture',
      max: PICTURE_UPLOADS_PER_HOUR,
      timeWindow: 60 * 60_000,
      key: (request) => requireMember(request).id,
    });
    uploads.put('/api/account/picture', { bodyLimit: PICTURE_MAX_BYTES, onRequest: uploadLimit, schema: { response: { 200: currentUserSchema } } }, async (request) => {
      const user = requireMember(request);
      if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'users/invalid-picture');
      await replacePicture(db, user.id, await normalizePicture(request.body));
      return toCurrentUser((await findUser(db, user.id))!);
    });
  });

  app.delete('/api/account/picture', { schema: { response: { 200: currentUserSchema } } }, async (request) => {
    const user = requireMember(request);
    await removePicture(db, user.id);
    return toCurrentUser((await findUser(db, user.id))!);
  });

  app.get('/api/account/export', async (request, reply) => {
    const user = requireMember(request);
    const data = await exportAccountData(db, user.id);
    return reply
      .header('content-disposition', 'attachment; filename="mes-donnees.json"')
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete<{ Body: DeleteAccountPayload }>(
    '/api/account',
    { schema: { body: object({ password: string({ maxLength: 1000 }) }) } },
    async (request, reply) => {
      const user = requireMember(request);
      if (!(await passwordMatches(request, user, request.body.password))) throw new AppError(401, 'auth/wrong-password');
      await change(app, async (deletion) => {
        // The last admin names another before leaving: the site is never without one. Locked
        // whatever the session read: a role given or taken since would make its roles stale.
        keepAnAdmin(await lockActiveAdmins(deletion.db), user.id);
        await deleteAccount(deletion, user);
      });
      await endSession(db, request, reply, secureCookies);
      await sendAccountDeletedMail(app, request.log, user, 'member');
      return reply.code(204).send();
    },
  );
}
