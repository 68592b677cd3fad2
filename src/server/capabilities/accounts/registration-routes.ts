import type { FastifyInstance } from 'fastify';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import type { RegisterOrganisationPayload, RegisterOrganisationResult, RegisterUserPayload } from '../../../shared/accounts';
import type { AccountType } from '../../../shared/user';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { isPasswordAccepted, PASSWORD_MAX_LENGTH } from '../../../shared/validation/password';
import { isValidPersonName, isValidUsername } from '../../../shared/validation/account';
import { AppError } from '../../platform/http/errors';
import { boolean, object, string } from '../../platform/http/schema';
import { antiBotBodyField, requireProofOfWork } from '../../platform/anti-bot/index';
import { announce } from '../../platform/live/announce';
import { greetingName, mailVerificationLink } from './email-verification';
import type { AuthRateLimit } from './rate-limits';
import { fileOrganisationClaim, mailOrganisationClaim } from '../organisations/claims';
import { hashPassword } from './passwords';
import { violatedConstraint } from '../../platform/db/keys';
import { takenAccountError } from './users';

// Bodies are bounded by schema; the spec's own rules (and their error codes) come after.
const text = string({ maxLength: 500 });
const password = string({ maxLength: PASSWORD_MAX_LENGTH * 4 });

interface NewAccount {
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  pwd: string;
  accountType: AccountType;
  /** Consent to the newsletter: only a ticked box gives it (decision 0010). */
  newsletter?: boolean;
}

export function registrationRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit) {
  const { db } = app.database;

  /** The spec's rules on what was typed, with their error codes. */
  function checkAccount(account: NewAccount) {
    if (!isValidEmail(account.email.trim())) throw new AppError(400, 'users/invalid-email');
    if (!isPasswordAccepted(account.pwd)) throw new AppError(400, 'users/invalid-password');
    if (!isValidUsername(account.username)) throw new AppError(400, 'users/invalid-username');
    if (account.accountType === 'user' && !(isValidPersonName(account.firstname) && isValidPersonName(account.lastname))) {
      throw new AppError(400, 'users/invalid-name');
    }
  }

  /** The unique constraints decide between concurrent registrations, not a prior read. */
  async function insertAccount(account: NewAccount, passwordHash: string): Promise<string> {
    const { id } = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          email: normalizeEmail(account.email),
          username: account.username.trim(),
          firstname: account.firstname.trim(),
          lastname: account.lastname.trim(),
          account_type: account.accountType,
          password_hash: passwordHash,
          newsletter: account.newsletter === true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (account.accountType === 'user') await announce(trx, 'counter');
      return row;
    });
    // This instance's counter at once: the notice would come after this answer.
    if (account.accountType === 'user') app.liveHub.invalidate('counter');
    await mailFirstVerificationLink(id, account);
    return id;
  }

  async function createAccount(account: NewAccount) {
    checkAccount(account);
    const passwordHash = await hashPassword(account.pwd);
    try {
      return { data: { uuid: await insertAccount(account, passwordHash) } };
    } catch (error) {
      throw takenAccountError(error);
    }
  }

  /**
   * The account exists whatever happens to this mail: a failure is logged, not answered (the
   * member would retry and be told the address is taken); 'Renvoyer le mail' on /account
   * sends another link.
   */
  async function mailFirstVerificationLink(id: string, account: NewAccount) {
    const name = greetingName({ account_type: account.accountType, firstname: account.firstname.trim(), username: account.username.trim() });
    try {
      await mailVerificationLink(app, { id, name }, normalizeEmail(account.email), false);
    } catch (error) {
      app.log.error({ err: error }, 'verification mail not sent');
    }
  }

  app.post<{ Body: WithProofOfWork<RegisterUserPayload> }>(
    '/api/fn/users-registerUser',
    {
      schema: {
        body: object({ email: text, username: text, firstname: text, lastname: text, pwd: password, newsletter: boolean, ...antiBotBodyField }, [
          'email',
          'username',
          'firstname',
          'lastname',
          'pwd',
        ]),
      },
      onRequest: authRateLimit,
      preHandler: requireProofOfWork(app),
    },
    async (request) => createAccount({ ...request.body, accountType: 'user' }),
  );

  app.post<{ Body: WithProofOfWork<RegisterOrganisationPayload> }>(
    '/api/fn/users-registerOrganisation',
    {
      schema: { body: object({ email: text, username: text, pwd: password, newsletter: boolean, ...antiBotBodyField }, ['email', 'username', 'pwd']) },
      onRequest: authRateLimit,
      preHandler: requireProofOfWork(app),
    },
    async (request, reply): Promise<{ data: RegisterOrganisationResult }> => {
      const typed = request.body.email.trim();
      if (!isValidEmail(typed)) throw new AppError(400, 'users/invalid-email');
      const email = normalizeEmail(typed);
      const allowed = await db.selectFrom('organisation_allowlist').select('email').where('email', '=', email).executeTakeFirst();
      if (!allowed) throw new AppError(403, 'users/email-unauthorized');
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
}
