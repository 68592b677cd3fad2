import type { Kysely } from 'kysely';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import { recordAction } from '../journal/index';
import { greetingName } from './email-verification';
import { signInFactorMail } from './sign-in-factor-mail';
import { endOtherSessions } from './sessions';
import { turnOffTwoFactor } from './two-factor';

type FactorResetBy = 'admin' | 'operator';

/**
 * For the day a member lost their phone and their recovery codes: every factor goes (the app,
 * the recovery codes, the passkeys, whose device may be in someone's hands), and so does every
 * session and waiting sign-in of the account, the lost device's included; the password alone
 * signs in again. One transaction with its journal row. The actor is the admin, or
 * for the operator's command the account itself. Undefined when there is no such account.
 */
export async function resetSignInFactors(db: Kysely<Database>, { targetId, actorId, by }: { targetId: string; actorId?: string; by: FactorResetBy }) {
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select(['id', 'email', 'username', 'firstname', 'account_type']).where('id', '=', targetId).forUpdate().executeTakeFirst();
    if (!target) return undefined;
    const { numDeletedRows } = await trx.deleteFrom('passkeys').where('user_id', '=', target.id).executeTakeFirst();
    await turnOffTwoFactor(trx, target.id);
    await endOtherSessions(trx, target.id, undefined);
    await recordAction(trx, {
      actorId: actorId ?? target.id,
      kind: 'factors/reset',
      targetType: 'user',
      targetId: target.id,
      summary: `${target.username} (${target.email}), ${by === 'admin' ? "par l'administration" : "par l'opérateur, en ligne de commande"}`,
      details: { passkeys: Number(numDeletedRows), by },
    });
    return target;
  });
}

/** The member is told, at the account's address, and told what to do if it was not asked. */
export function factorsResetMail(site: PublicConfig, target: { username: string; firstname: string; account_type: string }, by: FactorResetBy) {
  return signInFactorMail(site, {
    name: greetingName(target),
    title: 'La validation en deux étapes de ton compte a été réinitialisée',
    what: `${by === 'admin' ? "L'équipe de l'association" : "L'hébergeur du site"} a retiré de ton compte ${site.projectName} ton application d'authentification, tes codes de secours et tes clés d'accès : ton mot de passe suffit de nouveau pour te connecter. Ajoute dès que possible une nouvelle deuxième étape sur ta page de compte.`,
  });
}
