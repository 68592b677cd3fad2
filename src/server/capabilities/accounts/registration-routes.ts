import type { FastifyInstance } from 'fastify';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import type { RegisterUserPayload } from '../../../shared/accounts';
import type { AccountType } from '../../../shared/user';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { isPasswordAccepted, PASSWORD_MAX_LENGTH } from '../../../shared/validation/password';
import { isValidPersonName, isValidUsername } from '../../../shared/validation/account';
import { AppError } from '../../platform/http/errors';
import { boolean, dataOf, object, shape, string, text } from '../../platform/http/schema';
import { antiBotBodyField, requireProofOfWork } from '../../platform/anti-bot/index';
import { change } from '../../platform/live/change';
import { greetingName, mailVerificationLink } from './email-verification';
import type { AuthRateLimit } from './rate-limits';
import { hashPassword } from './passwords';
import { insertUser, takenAccountError } from './users';

// Bodies are bounded by schema; the spec's own rules (and their error codes) come after.
const field = string({ maxLength: 500 });
const password = string({ maxLength: PASSWORD_MAX_LENGTH * 4 });

export interface NewAccount {
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  pwd: string;
  accountType: AccountType;
  /** Consent to the newsletter: only a ticked box gives it (decision 0010). */
  newsletter?: boolean;
}

/**
 * How an account comes to be, for the members' registration here and the organisations' (in
 * their capability): the spec's checks, then the insert, its notice and its first mail.
 */
export function accountWriter(app: FastifyInstance) {
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
    const { id } = await change(app, async ({ db: trx, announce }) => {
      const row = await insertUser(trx, {
        email: normalizeEmail(account.email),
        username: account.username.trim(),
        firstname: account.firstname.trim(),
        lastname: account.lastname.trim(),
        account_type: account.accountType,
        password_hash: passwordHash,
        newsletter: account.newsletter === true,
      });
      if (account.accountType === 'user') await announce('counter');
      return row;
    });
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

  return { checkAccount, insertAccount, createAccount };
}

export function registrationRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit) {
  const { createAccount } = accountWriter(app);

  app.post<{ Body: WithProofOfWork<RegisterUserPayload> }>(
    '/api/fn/users-registerUser',
    {
      schema: {
        body: object({ email: field, username: field, firstname: field, lastname: field, pwd: password, newsletter: boolean, ...antiBotBodyField }, [
          'email',
          'username',
          'firstname',
          'lastname',
          'pwd',
        ]),
        response: { 200: dataOf(shape({ uuid: text })) },
      },
      onRequest: authRateLimit,
      preHandler: requireProofOfWork(app),
    },
    async (request) => createAccount({ ...request.body, accountType: 'user' }),
  );

}
