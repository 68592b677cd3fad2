import type { FastifyInstance } from 'fastify';
import type { TotpSetup, TwoFactorChange } from '../../../shared/two-factor';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { listOf, object, shape, string, text } from '../../platform/http/schema';
import { recordAction } from '../journal/index';
import { greetingName } from './email-verification';
import { twoFactorStatusSchema } from './schemas';
import { signInFactorMail } from './sign-in-factor-mail';
import { newTotpSecret, totpEnrolment } from './totp';
import { storePendingTotpSecret } from './totp-secrets';
import { replaceRecoveryCodes, settleTwoFactor, spendTotpCode, turnOffTwoFactor, turnOnTwoFactor, twoFactorStatus } from './two-factor';
import type { UserRow } from './users';

/**
 * Every act that adds, replaces or removes a factor, or renews the recovery codes, wants a
 * recent sign-in, by a factor on an account that has one (platform/http/recent-authentication.ts):
 * from a stale or stolen session, nobody puts their own factor in place of the owner's.
 */
const FACTORS = { recentAuthentication: 'factor' } as const;

const changeSchema = shape({ status: twoFactorStatusSchema, recoveryCodes: listOf(text) }, ['recoveryCodes']);

/** The member's second factor on /account: the app, passkeys as the second step, the recovery codes. */
export function twoFactorRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const site = app.config.public;

  async function tellMember(user: UserRow, title: string, what: string) {
    await app.mailer.send({ to: user.email, ...signInFactorMail(site, { name: greetingName(user), title, what }) });
  }

  app.get('/api/account/two-factor', { schema: { response: { 200: twoFactorStatusSchema } } }, async (request) => twoFactorStatus(db, requireMember(request).id));

  // A new secret each time: one that was shown and never confirmed is replaced, not reused.
  app.post('/api/account/two-factor/totp/setup', { schema: { body: object({}), response: { 200: shape({ secret: text, uri: text, qrCode: text }) } }, config: FACTORS }, async (request): Promise<TotpSetup> => {
    const user = requireMember(request);
    const secret = newTotpSecret();
    await storePendingTotpSecret(db, user.id, secret);
    return { secret, ...(await totpEnrolment(site, user.email, secret)) };
  });

  app.post<{ Body: { code: string } }>(
    '/api/account/two-factor/totp',
    { schema: { body: object({ code: string({ maxLength: 100 }) }), response: { 200: changeSchema } }, config: FACTORS },
    async (request): Promise<TwoFactorChange> => {
      const user = requireMember(request);
      // The app proves it holds the secret before it is relied upon.
      if (!(await spendTotpCode(db, site, user, 'totp_pending_secret', request.body.code))) throw new AppError(400, 'auth/wrong-code');
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set((eb) => ({ totp_secret: eb.ref('totp_pending_secret'), totp_pending_secret: null })).where('id', '=', user.id).execute();
        await recordAction(trx, { actorId: user.id, kind: 'factors/add', targetType: 'user', targetId: user.id, summary: "Application d'authentification" });
        return turnOnTwoFactor(trx, user.id, request.sessionId);
      });
      await tellMember(user, 'Une application d’authentification protège ton compte', `Ton compte ${site.projectName} demande désormais, après le mot de passe, un code de ton application d'authentification.`);
      return { status: await twoFactorStatus(db, user.id), ...(recoveryCodes && { recoveryCodes }) };
    },
  );

  app.post('/api/account/two-factor/passkeys', { schema: { body: object({}), response: { 200: changeSchema } }, config: FACTORS }, async (request): Promise<TwoFactorChange> => {
    const user = requireMember(request);
    const recoveryCodes = await db.transaction().execute(async (trx) => {
      const held = await trx.selectFrom('passkeys').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
      if (!held) throw new AppError(409, 'auth/no-passkey');
      const codes = await turnOnTwoFactor(trx, user.id, request.sessionId);
      if (codes) await recordAction(trx, { actorId: user.id, kind: 'factors/add', targetType: 'user', targetId: user.id, summary: "Clés d'accès en deuxième étape" });
      return codes;
    });
    if (recoveryCodes) {
      await tellMember(user, 'La validation en deux étapes protège ton compte', `Ton compte ${site.projectName} demande désormais, après le mot de passe, une de tes clés d'accès.`);
    }
    return { status: await twoFactorStatus(db, user.id), ...(recoveryCodes && { recoveryCodes }) };
  });

  app.post('/api/account/two-factor/recovery-codes', { schema: { body: object({}), response: { 200: changeSchema } }, config: FACTORS }, async (request): Promise<TwoFactorChange> => {
    const user = requireMember(request);
    const recoveryCodes = await db.transaction().execute(async (trx) => {
      const on = await trx.selectFrom('users').select('id').where('id', '=', user.id).where('two_factor_since', 'is not', null).forUpdate().executeTakeFirst();
      if (!on) throw new AppError(409, 'auth/two-factor-off');
      await recordAction(trx, { actorId: user.id, kind: 'factors/add', targetType: 'user', targetId: user.id, summary: 'Nouveaux codes de secours' });
      return replaceRecoveryCodes(trx, user.id);
    });
    await tellMember(user, 'De nouveaux codes de secours', 'Tu as demandé de nouveaux codes de secours : les anciens ne fonctionnent plus.');
    return { status: await twoFactorStatus(db, user.id), recoveryCodes };
  });

  app.delete('/api/account/two-factor/totp', { schema: { response: { 200: twoFactorStatusSchema } }, config: FACTORS }, async (request) => {
    const user = requireMember(request);
    const turnedOff = await db.transaction().execute(async (trx) => {
      const removed = await trx.updateTable('users').set({ totp_secret: null }).where('id', '=', user.id).where('totp_secret', 'is not', null).executeTakeFirst();
      if (Number(removed.numUpdatedRows) === 0) throw new AppError(404, 'auth/no-totp');
      await recordAction(trx, { actorId: user.id, kind: 'factors/remove', targetType: 'user', targetId: user.id, summary: "Application d'authentification" });
      return settleTwoFactor(trx, user.id);
    });
    await tellMember(
      user,
      "L'application d'authentification a été retirée de ton compte",
      turnedOff
        ? `Ton compte ${site.projectName} ne demande plus de deuxième étape après le mot de passe.`
        : `Ton compte ${site.projectName} ne demande plus de code de l'application ; tes clés d'accès restent la deuxième étape.`,
    );
    return twoFactorStatus(db, user.id);
  });

  app.delete('/api/account/two-factor', { schema: { response: { 200: twoFactorStatusSchema } }, config: FACTORS }, async (request) => {
    const user = requireMember(request);
    await db.transaction().execute(async (trx) => {
      await turnOffTwoFactor(trx, user.id);
      await recordAction(trx, { actorId: user.id, kind: 'factors/remove', targetType: 'user', targetId: user.id, summary: 'Validation en deux étapes désactivée' });
    });
    await tellMember(user, 'La validation en deux étapes est désactivée', `Ton compte ${site.projectName} ne demande plus de deuxième étape après le mot de passe.`);
    return twoFactorStatus(db, user.id);
  });
}
