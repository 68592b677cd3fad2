import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../shared/api-error';
import type { RouteEntry } from '../platform/http/route-groups';
import { setUpTestApp } from '../testing/test-app';
import { registerAdmin, registerMember } from '../platform/testing/members';
import { isWrite, paramNames, sampleOf, sampleUrl, SAMPLE_UUID, urlOf } from './route-samples';

// Property tests' usual 100 per endpoint, about a minute; `npm run test:deep` sends 1,000 (docs/testing.md).
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 100);

const edgyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '\uFFFF', '\uD800', '🏳️‍🌈'.repeat(40), '<script>alert(1)</script>', "'; drop table users; --", '‮evil', 'a'.repeat(70_000)),
);

/** Wrong types, edge strings, missing and extra fields: what a broken or hostile client sends. */
const badPayload = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.oneof(fc.constantFrom('email', 'pwd', 'content', 'name', 'emoji', 'reaction', 'bio', 'letter', 'title', 'userId', 'surveyId', 'responses', 'altcha', 'password', 'code', 'ticket', 'credential', 'role', 'granted', '__proto__', 'constructor'), fc.string({ maxLength: 12 })), fc.oneof(edgyString, fc.integer(), fc.boolean(), fc.constant(null), fc.array(edgyString, { maxLength: 3 })), { maxKeys: 6 }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
);

// Half-right proofs of work: base64 that decodes to JSON, or to the payload's shape with junk.
const proofLike = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const altchaBodies = [
  proofLike('x'),
  proofLike({ challenge: null, solution: null }),
  proofLike({ challenge: { parameters: { nonce: 1 }, signature: [] }, solution: { counter: 'a' } }),
  proofLike({ challenge: { parameters: { algorithm: 'MD5', nonce: 'n', salt: 'zz', cost: -1, keyLength: 1e9, keyPrefix: '' }, signature: 's' }, solution: { counter: 2 ** 40, derivedKey: 'q' } }),
].map((altcha) => JSON.stringify({ email: 'a@exemple.fr', userMail: 'a@exemple.fr', altcha }));

const rawBodies = ['{', '{"a":', 'null', '[]', '"text"', '123', '{"__proto__":{"admin":true}}', '\u0000', '{"a":1}'.repeat(3)];

// A payload these accept ends the caller's session: they get a member of their own, replaced
// after each success, so the other endpoints keep the admin's session.
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'DELETE /api/account']);

/** The routes a proof of work guards (platform/anti-bot): fuzzed once more with it off. */
const PROTECTED = new Set(['/api/fn/users-registerUser', '/api/fn/users-registerOrganisation', '/api/fn/users-forgotPassword', '/api/event-reports']);

describe.each([
  ['every write endpoint', {}, () => true],
  // Off, so that generated bodies reach these handlers instead of stopping at the missing proof.
  ['with the bot barrier off, each protected endpoint', { ANTI_BOT: 'off' }, (url: string) => PROTECTED.has(url)],
])('%s survives bad payloads', (_name, env: Record<string, string>, chosen: (url: string) => boolean) => {
  const test = setUpTestApp(env);
  let adminCookie: string;

  beforeAll(async () => {
    // Signed in as admin: every guard lets the payload reach validation.
    adminCookie = (await registerAdmin(test.app, test.database)).cookie;
  });

  it(`answers ${RUNS_PER_ENDPOINT} generated payloads per endpoint without a 5xx, always with the error shape`, async () => {
    const routes = test.app.routeTable.filter((route) => isWrite(route) && chosen(route.url));
    // Every protected route is still where this list says, and both session-ending ones are fuzzed.
    expect(routes.filter((route) => PROTECTED.has(route.url))).toHaveLength(PROTECTED.size);
    if (!env.ANTI_BOT) expect(routes.filter((route) => SESSION_ENDING.has(`${route.method} ${route.url}`))).toHaveLength(SESSION_ENDING.size);
    for (const route of routes) {
      const endsSession = SESSION_ENDING.has(`${route.method} ${route.url}`);
      let cookie = endsSession ? (await registerMember(test.app)).cookie : adminCookie;
      const send = async (payload: string) => {
        const response = await test.app.inject({
          method: route.method as 'POST',
          url: sampleUrl(route),
          headers: { cookie, 'content-type': 'application/json' },
          payload,
        });
        const where = `${route.method} ${route.url} with ${payload.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) expect(isApiErrorBody(response.json()), where).toBe(true);
        else if (endsSession) cookie = (await registerMember(test.app)).cookie;
      };
      for (const raw of [...rawBodies, ...altchaBodies]) await send(raw);
      await fc.assert(
        fc.asyncProperty(badPayload, async (payload) => send(JSON.stringify(payload) ?? 'null')),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
  }, 600_000);
});

/** Every UTF-8 byte written as %XX, so any string (NUL, a lone surrogate) reaches the router. */
const percentEncoded = (value: string) => [...Buffer.from(value)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

const cursorOf = (at: string) => Buffer.from(JSON.stringify([at, SAMPLE_UUID])).toString('base64url');
const badTimes = ['2024-13-45T99:99:99.000000Z', '0000-01-01T00:00:00.000000Z', '2023-02-29T12:00:00.000000Z', '2024-01-01T24:00:00.000000Z'];

/**
 * What a path segment or query value may hold that the routes do not expect: NUL bytes, which
 * PostgreSQL cannot store; numbers past a bigint (2^63 − 1); cursors of the right shape whose
 * dates do not exist; and the edge strings of the bodies.
 */
const NASTY_VALUES = [
  '\u0000',
  'a\u0000b@x.fr',
  '9223372036854775807',
  '9223372036854775808',
  '9999999999999999999',
  '-9223372036854775809',
  '1'.padEnd(40, '0'),
  '1e309',
  '-1',
  '0',
  'NaN',
  ...badTimes.map(cursorOf),
  `2024-13-45_${SAMPLE_UUID}`,
  `0000-01-01_${SAMPLE_UUID}`,
  '',
  ' ',
  'é',
  '\uD800',
  '🏳️‍🌈',
  "'; drop table users; --",
  'a'.repeat(500),
];

/** Escapes that decode to nothing valid, sent as they are. */
const MALFORMED_ESCAPES = ['%', '%zz', '%C0%80', '%ED%A0%80', '%FF', '%2F..%2F'];

const urlValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...NASTY_VALUES),
  fc.bigInt({ min: 2n ** 63n, max: 2n ** 80n }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 63n }).map(String),
);

const queryNames = (route: RouteEntry): string[] => Object.keys((route.schema?.querystring as { properties?: object } | undefined)?.properties ?? {});
const paramSchemaNames = (route: RouteEntry): string[] => Object.keys((route.schema?.params as { properties?: object } | undefined)?.properties ?? {});

describe('every route with params or a query, and every GET route', () => {
  const test = setUpTestApp();
  let adminCookie: string;
  let client = 0;

  beforeAll(async () => {
    adminCookie = (await registerAdmin(test.app, test.database)).cookie;
  });

  it('declares a schema for each of its params', () => {
    const missing = test.app.routeTable
      .filter((route) => paramNames(route).some((name) => !paramSchemaNames(route).includes(name)))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it(`answers bad path segments and query values without a 5xx, always with the error shape`, async () => {
    const routes = test.app.routeTable.filter((route) => paramNames(route).length > 0 || queryNames(route).length > 0 || route.method === 'GET');
    for (const route of routes) {
      const sample = sampleOf(route);
      const send = async (url: string) => {
        const response = await test.app.inject({
          method: route.method as 'GET',
          url,
          // Each request from its own address, so per-client limits do not stop it before validation.
          remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`,
          headers: { cookie: adminCookie, ...(isWrite(route) ? { 'content-type': 'application/json' } : {}) },
          payload: isWrite(route) ? '{}' : undefined,
        });
        const where = `${route.method} ${url.slice(0, 160)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) expect(isApiErrorBody(response.json()), where).toBe(true);
      };
      for (const name of paramNames(route)) {
        for (const value of NASTY_VALUES) await send(urlOf(route, { ...sample, params: { ...sample.params, [name]: value } }, percentEncoded));
        for (const raw of MALFORMED_ESCAPES) await send(urlOf(route, { ...sample, params: { ...sample.params, [name]: raw } }, (value) => (value === raw ? raw : encodeURIComponent(value))));
      }
      const names = [...new Set([...queryNames(route), ...Object.keys(sample.query)])];
      for (const name of names) {
        for (const value of NASTY_VALUES) await send(urlOf(route, { ...sample, query: { ...sample.query, [name]: value } }, percentEncoded));
        for (const raw of MALFORMED_ESCAPES) await send(`${urlOf(route, sample)}${Object.keys(sample.query).length > 0 ? '&' : '?'}${name}=${raw}`);
        // The same name twice is read as a list.
        await send(`${urlOf(route, sample)}${Object.keys(sample.query).length > 0 ? '&' : '?'}${name}=1&${name}=2`);
      }
      const generated = fc.record({
        params: fc.record(Object.fromEntries(paramNames(route).map((name) => [name, urlValue]))),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom('x', ...names), fc.string({ maxLength: 8 })), urlValue), { maxLength: 4 }),
      });
      await fc.assert(
        fc.asyncProperty(generated, async ({ params, query }) =>
          send(urlOf(route, { params: { ...sample.params, ...params }, query: { ...sample.query, ...Object.fromEntries(query) } }, percentEncoded)),
        ),
        // A route that reads neither params nor a query only has to ignore what it is sent.
        { numRuns: paramNames(route).length + names.length > 0 ? Math.ceil(RUNS_PER_ENDPOINT / 10) : 10 },
      );
    }
  }, 600_000);
});
