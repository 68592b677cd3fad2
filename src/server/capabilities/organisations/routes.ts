import type { FastifyInstance } from 'fastify';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import { USERNAME_CHANGES_PER_HOUR, type ChangeUsernamePayload, type OrganisationListItem, type RegisterOrganisationPayload, type RegisterOrganisationResult } from '../../../shared/organisations';
import { isValidUsername } from '../../../shared/validation/account';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { PASSWORD_MAX_LENGTH } from '../../../shared/validation/password';
import { antiBotBodyField, requireProofOfWork } from '../../platform/anti-bot/index';
import { violatedConstraint } from '../../platform/db/keys';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dataOf, listOf, object, shape, string, text } from '../../platform/http/schema';
import { accountWriter, authRateLimit, currentUserSchema, findUser, hashPassword, pictureUrl, takenAccountError, toCurrentUser, type NewAccount } from '../accounts/index';
import { fileOrganisationClaim, mailOrganisationClaim } from './claims';
import { renameOrganisation } from './name';
import { guideOrganisations, isAllowlisted } from './queries';

// Bodies are bounded by schema; the spec's own rules (and their error codes) come after.
const field = string({ maxLength: 500 });
const password = string({ maxLength: PASSWORD_MAX_LENGTH * 4 });
/** `OrganisationListItem`s, the public guide's list. */
const organisationList = dataOf(listOf(shape({ username: text, profilePic: text })));

/** An organisation's registration (on the allowlist, or a claim on its address) and the public guide's list. */
export function organisationPublicRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { checkAccount, insertAccount } = accountWriter(app);
  const limit = authRateLimit(app);

  app.post<{ Body: WithProofOfWork<RegisterOrganisationPayload> }>(
    '/api/fn/users-registerOrganisation',
    {
      schema: {
        body: object({ email: field, username: field, pwd: password, newsletter: boolean, ...antiBotBodyField }, ['email', 'username', 'pwd']),
        // `RegisterOrganisationResult`: the account, or the claim mailed in its place.
        response: { 200: dataOf(shape({ uuid: text })), 202: dataOf(shape({ claimMailed: boolean })) },
      },
      onRequest: limit,
      preHandler: requireProofOfWork(app),
    },
    async (request, reply): Promise<{ data: RegisterOrganisationResult }> => {
      const typed = request.body.email.trim();
      if (!isValidEmail(typed)) throw new AppError(400, 'users/invalid-email');
      const email = normalizeEmail(typed);
      if (!(await isAllowlisted(db, email))) throw new AppError(403, 'users/email-unauthorized');
      const account: NewAccount = { ...request.body, firstname: '', lastname: '', accountType: 'organisation' };
      checkAccount(account);
      const passwordHash = await hashPassword(account.pwd);
      try {
        return { data: { uuid: await insertAccount(account, passwordHash) } };
      } catch (error) {
        const constraint = violatedConstraint(error);
        if (constraint !== 'users_email_key' && constraint !== 'users_username_key') throw error;
        // Decision 0026: an account that never proved this address does not keep it from the
        // organisation; the one who opens the mailed link first gets it.
        const claim = await fileOrganisationClaim(db, { email, username: account.username.trim(), passwordHash, newsletter: account.newsletter === true });
        if (claim === 'not-replaceable') throw takenAccountError(error);
        if (claim === 'username-taken') throw new AppError(409, 'users/username-already-taken');
        if (claim === 'too-many') throw new AppError(429, 'http/rate-limited');
        await mailOrganisationClaim(app, { email, username: account.username.trim(), token: claim.token });
        return reply.code(202).send({ data: { claimMailed: true } });
      }
    },
  );

  app.post('/api/fn/users-getOrganisations', { schema: { body: object({}), response: { 200: organisationList } } }, async () => {
    const data: OrganisationListItem[] = (await guideOrganisations(db)).map((row) => ({ username: row.username, profilePic: pictureUrl(row) }));
    return { data };
  });
}

/** An organisation's own name, changed from /account. */
export function organisationMemberRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // Per member and instance: each change is journaled and refreshes every open wall.
  const renameLimit = requestLimit(app, {
    name: 'username',
    max: USERNAME_CHANGES_PER_HOUR,
    timeWindow: 60 * 60_000,
    key: (request) => requireMember(request).id,
  });
  app.put<{ Body: ChangeUsernamePayload }>(
    '/api/account/username',
    { schema: { body: object({ username: string({ maxLength: 500 }) }), response: { 200: currentUserSchema } }, onRequest: renameLimit },
    async (request) => {
      const user = requireMember(request);
      if (user.account_type !== 'organisation') throw new AppError(403, 'http/forbidden');
      if (!isValidUsername(request.body.username)) throw new AppError(400, 'users/invalid-username');
      await renameOrganisation(app, user.id, request.body.username.trim());
      return toCurrentUser((await findUser(db, user.id))!);
    },
  );

}
