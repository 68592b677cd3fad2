import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../shared/api-error';
import { setUpTestApp } from '../testing/test-app';
import { registerAdmin, registerMember } from '../testing/members';
import { isWrite, sampleUrl } from './route-samples';

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 1000);

const edgyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '\uFFFF', '\uD800', '🏳️‍🌈'.repeat(40), '<script>alert(1)</script>', "'; drop table users; --", '‮evil', 'a'.repeat(70_000)),
);

/** Wrong types, edge strings, missing and extra fields: what a broken or hostile client sends. */
const badPayload = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.oneof(fc.constantFrom('email', 'pwd', 'content', 'name', 'emoji', 'reaction', 'bio', 'letter', 'title', 'userId', 'surveyId', 'responses', 'altcha', '__proto__', 'constructor'), fc.string({ maxLength: 12 })), fc.oneof(edgyString, fc.integer(), fc.boolean(), fc.constant(null), fc.array(edgyString, { maxLength: 3 })), { maxKeys: 6 }),
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

/** The routes a proof of work guards (features/anti-bot): fuzzed once more with it off. */
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
