import type { FastifyInstance } from 'fastify';
import { greetingName } from './email-verification';
import { signInFactorMail } from './sign-in-factor-mail';

/**
 * Wrong codes or passkeys came after the account's right password, several in a few minutes:
 * whoever sent them knows the password. Mailed once a burst (login-throttle.ts), so that the
 * member changes it; the answer to the request does not wait for the mail.
 */
export async function tellWrongFactors(app: FastifyInstance, userId: string) {
  const account = await app.database.db.selectFrom('users').select(['email', 'account_type', 'firstname', 'username']).where('id', '=', userId).executeTakeFirst();
  if (!account) return;
  const site = app.config.public;
  const mail = signInFactorMail(site, {
    name: greetingName(account),
    title: 'Des codes erronés ont été saisis sur ton compte',
    what: `Ces dernières minutes, plusieurs codes erronés ont été saisis pour te connecter à ${site.projectName}, après ton mot de passe. Si ce n'était pas toi, ton mot de passe est connu de quelqu'un d'autre : change-le dès maintenant.`,
  });
  void app.mailer.send({ to: account.email, ...mail }).catch((error: unknown) => app.log.warn({ err: error }, 'wrong factors mail not sent'));
}
