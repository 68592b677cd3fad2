import type { FastifyInstance } from 'fastify';
import { recordAction } from '../journal/index';
import { greetingName } from './email-verification';
import { signInFactorMail } from './sign-in-factor-mail';
import { twoFactorStatus } from './two-factor';
import type { UserRow } from './users';

type Account = Pick<UserRow, 'id' | 'email' | 'account_type' | 'firstname' | 'username'>;

/**
 * A recovery code was spent, at the sign-in's second step or to confirm a sensitive act:
 * journaled and mailed with how many are left, so a member whose codes were copied learns it
 * at the first use, and knows when to make new ones.
 */
export async function tellRecoveryCodeUsed(app: FastifyInstance, account: Account, use: 'sign-in' | 'confirmation') {
  const { db } = app.database;
  const site = app.config.public;
  const left = (await twoFactorStatus(db, account.id)).recoveryCodesLeft;
  await recordAction(db, { actorId: account.id, kind: 'factors/recovery-code', targetType: 'user', targetId: account.id, summary: `${left} restant(s)` });
  const [title, what] =
    use === 'sign-in'
      ? ['Un code de secours a servi à te connecter', `Un de tes codes de secours vient de servir à te connecter à ${site.projectName} ; il ne servira plus. Il t'en reste ${left}.`]
      : ['Un code de secours a servi à confirmer ton identité', `Un de tes codes de secours vient de servir à confirmer ton identité avant une action sensible sur ${site.projectName} ; il ne servira plus. Il t'en reste ${left}.`];
  await app.mailer.send({ to: account.email, ...signInFactorMail(site, { name: greetingName(account), title, what }) });
}

