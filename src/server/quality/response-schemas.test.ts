import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIKI_ARTICLE_IDS } from '../../shared/wiki';
import type { RouteEntry } from '../platform/http/route-groups';
import { unsubscribeSecret, unsubscribeToken } from '../capabilities/newsletter/unsubscribe-token';
import { storePendingTotpSecret } from '../capabilities/accounts/totp-secrets';
import { registerAdmin, registerMember, registerModerator, registerOrganisation, STRONG_PASSWORD, type TestMember } from '../platform/testing/members';
import { proofOfWork } from '../platform/testing/proof-of-work';
import { SoftwareAuthenticator } from '../platform/testing/authenticator';
import { Secret, TOTP } from 'otpauth';
import { setUpTestApp, type TestApp } from '../testing/test-app';
import { isWrite, sampleOf, urlOf } from './route-samples';
import { EMPTY_LEGAL_NOTICE } from '../../shared/legal-notice';

type ResponseSchemas = Record<string, Record<string, unknown>>;
interface SeenRoute extends Pick<RouteEntry, 'method' | 'url'> {
  response?: ResponseSchemas;
}

/**
 * Every route the app registers with its response schemas; by request, what its handler handed
 * to Fastify's serializer, or, for a body sent already written (a cached list), what the
 * route's schema would write of it. Hooks added to the app as soon as it is created, so that
 * every plugin's routes inherit them.
 */
const seen = { routes: [] as SeenRoute[], handed: new Map<string, unknown>(), rewritten: new Map<string, unknown>() };
function watch(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: ResponseSchemas } | undefined)?.response;
    for (const method of [route.method].flat()) if (method !== 'HEAD') seen.routes.push({ method, url: route.url, response });
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const id = request.headers['x-parity'];
    // As Fastify would have written it without a response schema.
    if (typeof id === 'string') seen.handed.set(id, JSON.parse(JSON.stringify(payload)));
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.headers['x-parity'];
    if (typeof id !== 'string' || seen.handed.has(id) || typeof payload !== 'string') return payload;
    const serialize = reply.getSerializationFunction(String(reply.statusCode));
    if (serialize && String(reply.getHeader('content-type')).includes('json')) seen.rewritten.set(id, JSON.parse(serialize(JSON.parse(payload))));
    return payload;
  });
}

/** Routes whose success is no JSON of their own, so they declare no response schema. */
const NOT_JSON: Readonly<Record<string, string>> = {
  'GET /api/live': 'a text/event-stream that stays open',
  'GET /api/users/:id/picture': 'an image',
  'GET /api/wiki/images/:name': 'an image',
  'GET /legal/:file': 'a PDF',
  'GET /api/account/export': "a file to download, the member's data written out by export.ts",
  'GET /api/admin/surveys/:id/export.csv': 'a CSV file',
  'GET /api/newsletter/one-click': 'a 303 to the unsubscribe page',
  'GET /calshare/download': "a 302 to a store or to /calshare, or the page's HTML",
  'GET /sitemap.xml': 'XML',
  'GET /robots.txt': 'plain text',
  'POST /api/auth/logout': '204',
  'POST /api/audience': '204',
  'PUT /api/account/password': '204',
  'DELETE /api/account': '204',
  'POST /api/account/verification-mail': '204',
  'POST /api/admin/organisations/allowlist': '204',
  'DELETE /api/admin/organisations/allowlist/:email': '204',
  'POST /api/admin/words/:id/approve': '204',
  'POST /api/admin/words/:id/unapprove': '204',
  'POST /api/admin/words/:id/refuse': '204',
  'POST /api/admin/words/:id/withdraw': '204',
  'POST /api/admin/words/:id/vip': '204',
  'POST /api/admin/sports/:id/approve': '204',
  'POST /api/admin/sports/:id/unapprove': '204',
  'POST /api/admin/sports/:id/refuse': '204',
  'DELETE /api/admin/members/:id': '204',
  'DELETE /api/account/passkeys/:id': '204',
  'POST /api/auth/reauthenticate': '204',
  'DELETE /api/account/sessions/:id': '204',
  'DELETE /api/account/sessions': '204',
};

// Ending the caller's session would sign the role out for the rest of the run.
// Signing in ends the browser's previous session too: the caller's, were it sent with its cookie.
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'DELETE /api/account', 'POST /api/auth/login', 'POST /api/auth/second-factor', 'POST /api/auth/passkey']);

type Role = 'anonymous' | 'member' | 'organisation' | 'moderator' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'organisation', 'moderator', 'admin'];

interface Context {
  test: TestApp;
  /** The signed-in caller, none for an anonymous request. */
  caller?: TestMember;
  /** A member the admin's member routes act on. */
  target: TestMember;
  publicSport: string;
}

interface Reaching {
  params?: (context: Context) => Record<string, string> | Promise<Record<string, string>>;
  query?: (context: Context) => Record<string, string> | Promise<Record<string, string>>;
  body?: (context: Context) => unknown;
  contentType?: string;
}

const unique = () => randomBytes(4).toString('hex');
const letter = { letter: 'Bonjour à **toutes et tous**.', title: 'Des nouvelles', desc: 'Ce mois-ci' };

/** An edit of a wiki article from its version online, so that publishing it succeeds. */
async function textEdit({ test }: Context) {
  const { published_version } = await test.database.db.selectFrom('texts').select('published_version').where('id', '=', 'wiki-home').executeTakeFirstOrThrow();
  return { title: 'Bien démarrer', description: '', applicable: '', body: `Bonjour ${unique()}`, baseVersion: published_version };
}

/** A passkey of the caller's (or the target's), as a phone would have added it from /account. */
async function addedPasskey({ test, caller, target }: Context) {
  const member = caller ?? target;
  const authenticator = new SoftwareAuthenticator(new URL(test.config.public.publicUrl).origin);
  const options = (await test.app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: member.cookie }, payload: {} })).json();
  const added = await test.app.inject({
    method: 'POST',
    url: '/api/account/passkeys',
    headers: { cookie: member.cookie },
    payload: { name: `Téléphone ${unique()}`, credential: authenticator.register(options) },
  });
  return { authenticator, id: added.json().id as string };
}

/** An authenticator app's secret, set straight on the account (the enrolment has its own tests). */
const APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const appCode = () => new TOTP({ secret: Secret.fromBase32(APP_SECRET) }).generate();

/** The app's secret on the account, as the enrolment keeps it (encrypted); `enrolled` as if its first code had confirmed it. */
async function setAppSecret(test: TestApp, userId: string, enrolled: boolean) {
  await storePendingTotpSecret(test.database.db, userId, APP_SECRET);
  await test.database.db
    .updateTable('users')
    .set((eb) => (enrolled ? { totp_secret: eb.ref('totp_pending_secret'), totp_pending_secret: null, totp_last_step: null } : { totp_last_step: null }))
    .where('id', '=', userId)
    .execute();
}

/** A member whose password sign-in now waits for its second step: the login's ticket. */
async function signInTicket({ test }: Context, withPasskey = false) {
  const member = await registerMember(test.app);
  if (withPasskey) await addedPasskey({ test, caller: member, target: member, publicSport: '' });
  await setAppSecret(test, member.uuid, true);
  await test.database.db.updateTable('users').set({ two_factor_since: new Date() }).where('id', '=', member.uuid).execute();
  const login = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: STRONG_PASSWORD } });
  return login.json().secondFactor.ticket as string;
}

/** What gets each JSON write route (and a few reads) to its success, where a sample of route-samples.ts would be refused. */
const REACHING: Readonly<Record<string, Reaching>> = {
  'POST /api/auth/login': { body: ({ caller, target }) => ({ email: (caller ?? target).email, password: STRONG_PASSWORD }) },
  'POST /api/fn/users-forgotPassword': { body: async ({ test, target }) => ({ userMail: target.email, ...(await proofOfWork(test.app)) }) },
  'POST /api/fn/users-registerUser': {
    body: async ({ test }) => ({ email: `parite-${unique()}@exemple.fr`, username: `parite_${unique()}`, firstname: 'Alix', lastname: 'Durand', pwd: STRONG_PASSWORD, ...(await proofOfWork(test.app)) }),
  },
  'POST /api/fn/users-registerOrganisation': {
    body: async ({ test }) => {
      const email = `club-parite-${unique()}@exemple.fr`;
      await test.database.db.insertInto('organisation_allowlist').values({ email }).execute();
      return { email, username: `Club ${unique()}`, pwd: STRONG_PASSWORD, ...(await proofOfWork(test.app)) };
    },
  },
  'POST /api/auth/verification-link': { body: () => ({ token: 'exemple' }) },
  'POST /api/auth/verify-email': {
    body: async ({ test }) => {
      const member = await registerMember(test.app, { verified: false });
      const mail = await test.mailbox.waitFor(member.email, () => true);
      return { token: /\/verifier-adresse\/([A-Za-z0-9_-]{43})$/m.exec(mail.parsed.text ?? '')![1] };
    },
  },
  'POST /api/fn/users-getUserInfoForView': { body: ({ target }) => ({ uuids: [target.uuid, randomUUID()] }) },
  'POST /api/account/passkeys': {
    body: async (context) => {
      const { test, caller, target } = context;
      const options = (await test.app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: (caller ?? target).cookie }, payload: {} })).json();
      return { name: 'Ordinateur', credential: new SoftwareAuthenticator(new URL(test.config.public.publicUrl).origin).register(options) };
    },
  },
  'PATCH /api/account/passkeys/:id': { params: async (context) => ({ id: (await addedPasskey(context)).id }), body: () => ({ name: 'Tablette' }) },
  'POST /api/auth/passkey': {
    body: async (context) => {
      const { authenticator } = await addedPasskey({ ...context, caller: undefined });
      const options = (await context.test.app.inject({ method: 'POST', url: '/api/auth/passkey/options', payload: {} })).json();
      return { credential: authenticator.signIn(options) };
    },
  },
  'POST /api/account/two-factor/totp': {
    body: async ({ test, caller, target }) => {
      await setAppSecret(test, (caller ?? target).uuid, false);
      return { code: appCode() };
    },
  },
  'POST /api/account/two-factor/passkeys': { body: async (context) => (await addedPasskey(context), {}) },
  'POST /api/account/two-factor/recovery-codes': {
    body: async ({ test, caller, target }) => {
      // The second step on, and the caller's session as if it had passed it then.
      const { uuid } = caller ?? target;
      const now = new Date();
      await test.database.db.updateTable('users').set({ two_factor_since: now }).where('id', '=', uuid).where('two_factor_since', 'is', null).execute();
      await test.database.db.updateTable('sessions').set({ second_factor_at: now }).where('user_id', '=', uuid).execute();
      return {};
    },
  },
  'DELETE /api/account/two-factor/totp': {
    params: async ({ test, caller, target }) => {
      await setAppSecret(test, (caller ?? target).uuid, true);
      return {};
    },
  },
  'POST /api/auth/second-factor': { body: async (context) => ({ ticket: await signInTicket(context), code: appCode() }) },
  'POST /api/auth/reauthenticate/options': { body: async (context) => (await addedPasskey(context), {}) },
  'POST /api/auth/second-factor/options': { body: async (context) => ({ ticket: await signInTicket(context, true) }) },
  'PATCH /api/account/profile': { body: () => ({ bio: 'Coureuse du dimanche' }) },
  'PUT /api/account/picture': {
    contentType: 'image/png',
    body: () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#0b3d91' } }).png().toBuffer(),
  },
  'POST /api/account/email': { body: () => ({ newEmail: `nouvelle-${unique()}@exemple.fr`, password: STRONG_PASSWORD }) },
  'PUT /api/account/username': { body: () => ({ username: `Club ${unique()}` }) },
  'POST /api/fn/users-getOrganisations': { body: () => ({}) },
  'POST /api/words': { body: () => ({ content: 'Allez, tous ensemble au stade !' }) },
  'POST /api/sports': { body: () => ({ name: `Sport ${unique()}`, emoji: '⚽' }) },
  'POST /api/sports/:id/reaction': { params: ({ publicSport }) => ({ id: publicSport }), body: () => ({ reaction: 'love' }) },
  'POST /api/admin/moderation/bulk': {
    body: async ({ test }) => {
      const pending = await test.database.db.selectFrom('words').select('id').where('public', '=', false).execute();
      return { action: 'approve', words: pending.map((word) => word.id), sports: [] };
    },
  },
  'PUT /api/admin/moderation/digest': { body: () => ({ subscribed: true }) },
  'POST /api/fn/users-submitSurvey': {
    body: ({ caller }) => ({
      surveyId: 'pre-use',
      userId: caller?.uuid ?? randomUUID(),
      responses: { heard: ['Instagram'], reasons: { value: ['Autre'], subValue: 'Le trail' }, 'wont-use': { value: ['Le prix du trajet'] }, expectations: 'Des trajets' },
    }),
  },
  'GET /api/admin/past-trips': { query: ({ target }) => ({ email: target.email }) },
  'POST /api/admin/past-trips': { body: ({ target }) => ({ email: target.email }) },
  'DELETE /api/admin/past-trips/last': { body: ({ target }) => ({ email: target.email }) },
  'PUT /api/admin/settings': { body: () => ({ bonusAmount: 12.5 }) },
  'PUT /api/admin/settings/legal-notice': { body: () => ({ ...EMPTY_LEGAL_NOTICE, associationName: 'Unissons', phone: '01 23 45 67 89', rna: 'W751234567' }) },
  'POST /api/wiki/:articleId/feedback': { params: () => ({ articleId: WIKI_ARTICLE_IDS[0] }), body: () => ({ visitorId: randomUUID(), helpful: true }) },
  'POST /api/event-reports': {
    body: async ({ test }) => ({
      eventName: 'Trail des Crêtes',
      sport: 'Trail',
      date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      place: 'Gérardmer (88)',
      link: 'https://trail-des-cretes.fr',
      email: '',
      ...(await proofOfWork(test.app)),
    }),
  },
  'POST /api/fn/newsletter-sendTest': { body: ({ target }) => ({ ...letter, email: target.email, userId: target.uuid }) },
  'POST /api/fn/newsletter-send': { body: () => ({ ...letter, idempotencyKey: randomBytes(12).toString('hex') }) },
  'POST /api/admin/newsletter/preview': { body: () => letter },
  'POST /api/fn/newsletter-unsubscribe': { body: ({ caller }) => ({ userId: caller?.uuid ?? randomUUID() }) },
  'POST /api/newsletter/one-click': {
    query: async ({ test, target }) => ({ token: unsubscribeToken(await unsubscribeSecret(test.database.db), target.uuid) }),
    contentType: 'application/x-www-form-urlencoded',
    body: () => 'List-Unsubscribe=One-Click',
  },
  'PUT /api/account/newsletter': { body: () => ({ subscribed: true }) },
  'GET /api/admin/members/:id': { params: ({ target }) => ({ id: target.uuid }) },
  'POST /api/admin/members/:id/roles': { params: ({ target }) => ({ id: target.uuid }), body: () => ({ role: 'moderator', granted: true }) },
  // A member of its own: the reset ends the member's sessions, and the target's are in use.
  'POST /api/admin/members/:id/two-factor/reset': { params: async ({ test }) => ({ id: (await registerMember(test.app)).uuid }) },
  'POST /api/admin/members/:id/suspension': { params: ({ target }) => ({ id: target.uuid }), body: () => ({ suspended: false }) },
  'PUT /api/admin/texts/:id/draft': { params: () => ({ id: 'wiki-home' }), body: textEdit },
  'POST /api/admin/texts/:id/publish': { params: () => ({ id: 'wiki-home' }), body: textEdit },
  'POST /api/admin/texts/:id/versions/:version/restore': { params: () => ({ id: 'wiki-home', version: '1' }) },
  'GET /api/wiki/articles/:id': { params: () => ({ id: 'home' }) },
  'POST /api/admin/wiki/articles': { body: () => ({ id: `article-${unique()}`, title: 'Un article', position: 0 }) },
  'PUT /api/admin/wiki/articles/:id/visibility': { params: () => ({ id: 'home' }), body: () => ({ hidden: false }) },
  'PUT /api/admin/wiki/order': {
    body: async ({ test }) => ({ ids: (await test.database.db.selectFrom('texts').select('id').where('kind', '=', 'wiki').execute()).map((row) => row.id.slice('wiki-'.length)) }),
  },
  'POST /api/admin/wiki/images': {
    query: () => ({ alt: 'Une capture' }),
    contentType: 'image/png',
    body: () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#0b3d91' } }).png().toBuffer(),
  },
};

const keyOf = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
const successCodes = (response: ResponseSchemas | undefined) => Object.keys(response ?? {}).filter((code) => /^2\d\d$/.test(code));

describe('response schemas', () => {
  const test = setUpTestApp(undefined, watch);
  const callers: Partial<Record<Role, TestMember>> = {};
  let context: Omit<Context, 'caller'>;

  beforeAll(async () => {
    const [member, organisation, moderator, admin, target] = await Promise.all([
      registerMember(test.app),
      registerOrganisation(test.app, test.database),
      registerModerator(test.app, test.database),
      registerAdmin(test.app, test.database),
      // Subscribed, so that a newsletter has someone to go to.
      registerMember(test.app, { newsletter: true }),
    ]);
    Object.assign(callers, { member, organisation, moderator, admin });
    const publicSport = 'escalade';
    await test.database.db.insertInto('sports').values({ id: publicSport, name: 'Escalade', duplicate_key: 'escalade', emoji: '🧗', public: true }).execute();
    context = { test, target, publicSport };
  });

  it('declares one for the success of every route that answers JSON', () => {
    const routes = seen.routes;
    expect(routes.length).toBeGreaterThan(80);
    const keys = new Set(routes.map(keyOf));
    expect(Object.keys(NOT_JSON).filter((key) => !keys.has(key)), 'allowed routes that no longer exist').toEqual([]);
    const missing = routes.filter((route) => !NOT_JSON[keyOf(route)] && successCodes(route.response).length === 0).map(keyOf);
    expect(missing).toEqual([]);
  });

  it('makes Fastify send exactly what each handler returns, for every route and role', async () => {
    const failures: string[] = [];
    const succeeded = new Set<string>();
    let requests = 0;
    let compared = 0;
    // Twice: the second pass finds the words, sports, reports and journal rows the first wrote.
    for (const pass of [1, 2]) {
      for (const route of seen.routes) {
        const key = keyOf(route);
        if (NOT_JSON[key]) continue;
        for (const role of ROLES) {
          if (role !== 'anonymous' && SESSION_ENDING.has(key)) continue;
          const caller = callers[role];
          const reaching = REACHING[key];
          const sample = sampleOf(route);
          const params = { ...sample.params, ...(await reaching?.params?.({ ...context, caller })) };
          const query = (await reaching?.query?.({ ...context, caller })) ?? sample.query;
          const body = reaching?.body ? await reaching.body({ ...context, caller }) : isWrite(route) ? {} : undefined;
          const id = `${pass}-${(requests += 1)}`;
          const response = await test.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, { params, query }),
            headers: { 'x-parity': id, ...(caller && { cookie: caller.cookie }), ...(reaching?.contentType && { 'content-type': reaching.contentType }) },
            payload: body as string | Buffer | object | undefined,
          });
          const where = `${key} as ${role} (pass ${pass}): ${response.statusCode} ${response.body.slice(0, 160)}`;
          const json = String(response.headers['content-type']).includes('json');
          if (response.statusCode >= 500) failures.push(`5xx — ${where}`);
          if (response.statusCode < 200 || response.statusCode >= 300 || !json) continue;
          succeeded.add(key);
          const schema = route.response?.[String(response.statusCode)];
          if (!schema) {
            failures.push(`no schema for this status — ${where}`);
          } else if (seen.handed.has(id)) {
            const handed = seen.handed.get(id);
            compared += 1;
            if (JSON.stringify(sorted(response.json())) !== JSON.stringify(sorted(handed))) failures.push(`sent ≠ returned — ${where}\n  returned ${JSON.stringify(handed)}`);
          } else {
            // Sent already written (a cached list): its schema must still describe it whole.
            const written = seen.rewritten.get(id);
            if (JSON.stringify(sorted(written)) !== JSON.stringify(sorted(response.json()))) failures.push(`schema ≠ body — ${where}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(compared).toBeGreaterThan(100);
    const jsonRoutes = seen.routes.map(keyOf).filter((key) => !NOT_JSON[key]);
    expect(jsonRoutes.filter((key) => !succeeded.has(key)), 'JSON routes never brought to their success').toEqual([]);
  });
});

/** The value with its objects' keys in order: the schema may list them in another order than the handler. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, entry]) => [key, sorted(entry)]));
  return value;
}
