import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { isValidPasskeyName, type AddPasskeyPayload, type PasskeySignInPayload, type RenamePasskeyPayload } from '../../../shared/passkeys';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { requireMember } from '../../platform/http/route-groups';
import { anyObject, dateTime, integer, listOf, nullable, object, shape, string, text, uuid } from '../../platform/http/schema';
import { recordAction } from '../journal/index';
import { greetingName } from './email-verification';
import { addPasskey, listPasskeys, registrationOptions, removeEveryPasskey, removePasskey, renamePasskey, signInOptions, verifyPasskeySignIn } from './passkeys';
import type { AuthRateLimit } from './rate-limits';
import { currentUserSchema } from './schemas';
import { noteSignInBrowser } from './known-browsers';
import { startSession } from './sessions';
import { settleTwoFactor } from './two-factor';
import { signInFactorMail } from './sign-in-factor-mail';
import { findAccountToSignIn, findUser, toCurrentUser, type UserRow } from './users';

/** base64url, as WebAuthn's JSON carries binary fields. */
const base64url = (maxLength: number) => ({ type: 'string', pattern: '^[A-Za-z0-9_-]*$', maxLength });

/**
 * What `startRegistration` and `startAuthentication` of @simplewebauthn/browser return. The
 * extensions' results are the browser's own (credProps…): an open object, kept small.
 */
const credentialBody = (response: Record<string, Record<string, unknown>>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  properties: {
    id: base64url(1400),
    rawId: base64url(1400),
    type: { type: 'string', const: 'public-key' },
    authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
    clientExtensionResults: { type: 'object', maxProperties: 10 },
    response: { type: 'object', additionalProperties: false, required, properties: response },
  },
});

const registrationCredential = credentialBody(
  {
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16000),
    authenticatorData: base64url(16000),
    publicKey: base64url(4000),
    publicKeyAlgorithm: { type: 'integer' },
    transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
  },
  ['clientDataJSON', 'attestationObject'],
);

export const authenticationCredential = credentialBody(
  {
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200),
  },
  ['clientDataJSON', 'authenticatorData', 'signature'],
);

const passkeySchema = shape({ id: text, name: text, createdAt: dateTime, lastUsedAt: nullable(dateTime) });
const passkeyName = string({ maxLength: 1000 });
const idParams = object({ id: uuid });
const FACTORS = { recentAuthentication: 'factor' } as const;

/** Passkeys: signing in with one (public), and the member's own list on /account. */
export function passkeySignInRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit) {
  const { db } = app.database;
  const site = app.config.public;
  const secureCookies = site.publicUrl.startsWith('https:');

  // Each call writes a challenge row, so it is limited; but the login screen asks one on
  // every showing (for the address field's passkey suggestions), so on a budget of its own,
  // four times the sign-in one, that reloading the screen does not take from signing in.
  const optionsLimit = requestLimit(app, { name: 'passkey-options', max: app.config.authRateLimitPerMinute * 4, timeWindow: 60_000 });
  app.post('/api/auth/passkey/options', { schema: { body: object({}), response: { 200: anyObject } }, onRequest: optionsLimit }, async () =>
    signInOptions(db, site),
  );

  app.post<{ Body: PasskeySignInPayload }>(
    '/api/auth/passkey',
    { schema: { body: object({ credential: authenticationCredential }), response: { 200: currentUserSchema } }, onRequest: authRateLimit },
    async (request, reply) => {
      const userId = await verifyPasskeySignIn(db, site, request.body.credential as AuthenticationResponseJSON);
      const user = await findUser(db, userId);
      const account = user && (await findAccountToSignIn(db, user.email));
      if (!account) throw new AppError(401, 'passkeys/unknown');
      if (account.suspended_at) throw new AppError(403, 'auth/account-suspended');
      await startSession(db, reply, account.id, secureCookies, { secondFactor: true });
      await noteSignInBrowser(app, reply, account);
      return toCurrentUser(account);
    },
  );
}

export function passkeyAccountRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const site = app.config.public;

  async function tellMember(user: UserRow, title: string, what: string) {
    await app.mailer.send({ to: user.email, ...signInFactorMail(site, { name: greetingName(user), title, what }) });
  }

  app.get('/api/account/passkeys', { schema: { response: { 200: shape({ passkeys: listOf(passkeySchema) }) } } }, async (request) => ({
    passkeys: await listPasskeys(db, requireMember(request).id),
  }));

  // A passkey signs in alone: adding one is changing the factors (platform/http/recent-authentication.ts).
  app.post('/api/account/passkeys/options', { schema: { body: object({}), response: { 200: anyObject } }, config: FACTORS }, async (request) =>
    registrationOptions(db, site, requireMember(request)),
  );

  app.post<{ Body: AddPasskeyPayload }>(
    '/api/account/passkeys',
    { schema: { body: object({ name: passkeyName, credential: registrationCredential }), response: { 201: passkeySchema } }, config: FACTORS },
    async (request, reply) => {
      const user = requireMember(request);
      const name = request.body.name.trim();
      if (!isValidPasskeyName(name)) throw new AppError(400, 'passkeys/invalid-name');
      const passkey = await addPasskey(db, site, user.id, name, request.body.credential as RegistrationResponseJSON, (trx) =>
        recordAction(trx, { actorId: user.id, kind: 'factors/add', targetType: 'user', targetId: user.id, summary: `Clé d'accès « ${name} »` }),
      );
      await tellMember(user, "Une clé d'accès a été ajoutée à ton compte", `La clé d'accès « ${name} » peut désormais te connecter à ton compte ${site.projectName}.`);
      return reply.code(201).send(passkey);
    },
  );

  app.patch<{ Body: RenamePasskeyPayload; Params: { id: string } }>(
    '/api/account/passkeys/:id',
    { schema: { params: idParams, body: object({ name: passkeyName }), response: { 200: passkeySchema } } },
    async (request) => {
      const user = requireMember(request);
      const name = request.body.name.trim();
      if (!isValidPasskeyName(name)) throw new AppError(400, 'passkeys/invalid-name');
      const passkey = await renamePasskey(db, user.id, request.params.id, name);
      if (!passkey) throw new AppError(404, 'passkeys/not-found');
      return passkey;
    },
  );

  app.delete<{ Params: { id: string } }>('/api/account/passkeys/:id', { schema: { params: idParams }, config: FACTORS }, async (request, reply) => {
    const user = requireMember(request);
    const removed = await db.transaction().execute(async (trx) => {
      const row = await removePasskey(trx, user.id, request.params.id);
      if (!row) return undefined;
      await recordAction(trx, { actorId: user.id, kind: 'factors/remove', targetType: 'user', targetId: user.id, summary: `Clé d'accès « ${row.name} »` });
      // The last passkey of an account whose second step relied on passkeys alone.
      return { ...row, twoFactorOff: await settleTwoFactor(trx, user.id) };
    });
    if (!removed) throw new AppError(404, 'passkeys/not-found');
    const off = removed.twoFactorOff ? ' Ton compte ne demande plus de deuxième étape après le mot de passe.' : '';
    await tellMember(user, "Une clé d'accès a été retirée de ton compte", `La clé d'accès « ${removed.name} » ne peut plus te connecter à ton compte ${site.projectName}.${off}`);
    return reply.code(204).send();
  });

  // Beside 'end every other session': a key added from a stolen session survives that, and a password change.
  app.delete('/api/account/passkeys', { schema: { response: { 200: shape({ removed: integer }) } }, config: FACTORS }, async (request) => {
    const user = requireMember(request);
    const { removed, twoFactorOff } = await db.transaction().execute(async (trx) => {
      const count = await removeEveryPasskey(trx, user.id);
      if (count > 0) await recordAction(trx, { actorId: user.id, kind: 'factors/remove', targetType: 'user', targetId: user.id, summary: `Toutes les clés d'accès (${count})` });
      return { removed: count, twoFactorOff: await settleTwoFactor(trx, user.id) };
    });
    if (removed > 0) {
      const off = twoFactorOff ? ' Ton compte ne demande plus de deuxième étape après le mot de passe.' : '';
      await tellMember(user, "Tes clés d'accès ont été retirées de ton compte", `Aucune clé d'accès ne peut plus te connecter à ton compte ${site.projectName}.${off}`);
    }
    return { removed };
  });
}
