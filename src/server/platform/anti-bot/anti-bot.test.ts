import { createHmac } from 'node:crypto';
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ANTI_BOT_CHALLENGE_URL, ANTI_BOT_FIELD, ANTI_BOT_FIELD_MAX_LENGTH } from '../../../shared/anti-bot';
import { todayIso } from '../../../shared/event-reports';
import { errorCatalogue } from '../../../shared/messages';
import { buildApp } from '../../app';
import { rotateSecret } from '../db/signing-secrets';
import { applyRetention } from '../jobs/retention';
import { capabilities } from '../../capabilities/index';
import { registerMember, STRONG_PASSWORD } from '../testing/members';
import { proofOfWork } from '../testing/proof-of-work';
import { setUpTestApp } from '../../testing/test-app';
import { ANTI_BOT_SECRET } from './proof-of-work';
import { solveProofOfWork } from './solve';

const inAMonth = () => todayIso(new Date(Date.now() + 30 * 86_400_000));

/** The four forms anyone can send, each with a body that passes everything but the proof. */
const PROTECTED: { url: string; body: () => Record<string, unknown>; success: number }[] = [
  {
    url: '/api/fn/users-registerUser',
    body: () => ({ email: `bot-${Math.random()}@exemple.fr`, username: `u${Date.now()}${Math.floor(Math.random() * 1e6)}`, firstname: 'Léa', lastname: 'Durand', pwd: STRONG_PASSWORD }),
    success: 200,
  },
  { url: '/api/fn/users-registerOrganisation', body: () => ({ email: 'club-inconnu@exemple.fr', username: 'Club Inconnu', pwd: STRONG_PASSWORD }), success: 403 },
  { url: '/api/fn/users-forgotPassword', body: () => ({ userMail: 'personne@exemple.fr' }), success: 404 },
  {
    url: '/api/event-reports',
    body: () => ({ eventName: 'Trail des Crêtes', sport: 'Trail', date: inAMonth(), place: 'Gérardmer', link: 'https://trail.example.org', email: '' }),
    success: 201,
  },
];

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
const decode = (field: string | undefined) => JSON.parse(Buffer.from(field!, 'base64').toString('utf8'));

describe('the bot barrier (ALTCHA proof of work)', () => {
  const test = setUpTestApp();
  // Each post from its own address: the event report's per-address limit is 10 in 10 minutes.
  let posts = 0;
  const post = (url: string, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.${++posts >> 8}.${posts & 255}` });
  const expectRefused = (response: { statusCode: number; json(): unknown }, code: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code, message: errorCatalogue[code] } });
  };
  const currentSecret = async () =>
    ((await test.database.db.selectFrom('settings').select('value').where('key', '=', 'anti_bot_secret').executeTakeFirstOrThrow()).value as { current: string }).current;

  it('hands out signed challenges, never cached, with no cookie', async () => {
    const response = await test.app.inject({ method: 'GET', url: ANTI_BOT_CHALLENGE_URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    const challenge = response.json<Challenge>();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // Expires within the half hour.
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it.each(PROTECTED)('accepts $url with a solved challenge', async ({ url, body, success }) => {
    expect((await post(url, { ...body(), ...(await proofOfWork(test.app)) })).statusCode).toBe(success);
  });

  it.each(PROTECTED)('refuses $url without a solution, or with an empty one', async ({ url, body }) => {
    expectRefused(await post(url, body()), 'anti-bot/missing');
    expectRefused(await post(url, { ...body(), [ANTI_BOT_FIELD]: '' }), 'anti-bot/missing');
  });

  it('refuses what is not a solution to one of its challenges', async () => {
    const { url, body } = PROTECTED[0];
    const solved = decode((await proofOfWork(test.app))[ANTI_BOT_FIELD]);
    const wrongCounter = { ...solved, solution: { ...solved.solution, counter: solved.solution.counter + 1 } };
    const wrongKey = { ...solved, solution: { ...solved.solution, derivedKey: '00'.repeat(32) } };
    const easier = { ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } } };
    const unsigned = { ...solved, challenge: { parameters: solved.challenge.parameters } };
    // Someone else's signing secret: a challenge the site never made.
    const foreign = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 1, deriveKey, hmacSignatureSecret: 'pas-le-nôtre' });
    const foreignSolved = decode((await solveProofOfWork(foreign))[ANTI_BOT_FIELD]);
    for (const field of ['pas du base64 !', encode('texte'), encode({ challenge: {} }), encode(wrongCounter), encode(wrongKey), encode(easier), encode(unsigned), encode(foreignSolved)]) {
      expectRefused(await post(url, { ...body(), [ANTI_BOT_FIELD]: field }), 'anti-bot/invalid');
    }
  });

  it('refuses a challenge signed with its secret but that it cannot check, as not a solution', async () => {
    // Only a holder of the secret could sign such parameters; the check must still refuse them,
    // not report them expired nor let them through.
    const { url, body } = PROTECTED[0];
    const solved = decode((await proofOfWork(test.app))[ANTI_BOT_FIELD]);
    const parameters = { ...solved.challenge.parameters, algorithm: 'PBKDF2/MD5' };
    const sorted = Object.fromEntries(Object.keys(parameters).sort().map((key) => [key, parameters[key]]));
    const signature = createHmac('sha256', await currentSecret()).update(JSON.stringify(sorted)).digest('hex');
    expectRefused(await post(url, { ...body(), [ANTI_BOT_FIELD]: encode({ ...solved, challenge: { parameters: sorted, signature } }) }), 'anti-bot/invalid');
  });

  it('refuses a solution field longer than any solution as a bad request, before checking it', async () => {
    const { url, body } = PROTECTED[0];
    const response = await post(url, { ...body(), [ANTI_BOT_FIELD]: 'a'.repeat(ANTI_BOT_FIELD_MAX_LENGTH + 1) });
    expect([response.statusCode, response.json().error.code]).toEqual([400, 'http/bad-request']);
  });

  it('refuses an expired challenge, even solved', async () => {
    const secret = await currentSecret();
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      counter: 3,
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: secret,
    });
    const { url, body } = PROTECTED[3];
    expectRefused(await post(url, { ...body(), ...(await solveProofOfWork(expired)) }), 'anti-bot/expired');
  });

  it('takes each solution once: a replay is refused, and of twenty racing copies one passes', async () => {
    const { url, body } = PROTECTED[3];
    const solution = await proofOfWork(test.app);
    expect((await post(url, { ...body(), ...solution })).statusCode).toBe(201);
    expectRefused(await post(url, { ...body(), ...solution }), 'anti-bot/replayed');
    // Spent on one route, refused on another.
    expectRefused(await post(PROTECTED[2].url, { ...PROTECTED[2].body(), ...solution }), 'anti-bot/replayed');

    const racing = await proofOfWork(test.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, { ...body(), ...racing })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(400)]);
  });

  it('keeps a spent solution as long as its challenge lives, no longer', async () => {
    const { url, body } = PROTECTED[3];
    const solution = await proofOfWork(test.app);
    const { nonce, expiresAt } = decode(solution[ANTI_BOT_FIELD]).challenge.parameters;
    expect((await post(url, { ...body(), ...solution })).statusCode).toBe(201);
    const spent = await test.database.db.selectFrom('anti_bot_spent').select('expires_at').where('nonce', '=', nonce).executeTakeFirstOrThrow();
    expect(spent.expires_at.getTime()).toBe(expiresAt * 1000);
  });

  it('does not spend a solution on a body the schema refuses', async () => {
    const { url, body } = PROTECTED[3];
    const solution = await proofOfWork(test.app);
    expect((await post(url, { ...body(), unknownField: 1, ...solution })).json().error.code).toBe('http/bad-request');
    expect((await post(url, { ...body(), ...solution })).statusCode).toBe(201);
  });

  it('purges spent challenges once expired, and still refuses their replay (as expired)', async () => {
    const { db } = test.database;
    await db.insertInto('anti_bot_spent').values({ nonce: 'ancien', expires_at: new Date(Date.now() - 60_000) }).execute();
    const { spentChallenges } = await applyRetention(db, capabilities);
    expect(spentChallenges).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('anti_bot_spent').select('nonce').where('nonce', '=', 'ancien').execute()).toEqual([]);
    expect(await db.selectFrom('anti_bot_spent').select('nonce').where('expires_at', '<', new Date()).execute()).toEqual([]);
  });

  it('accepts a challenge made by another instance on the same database (one shared secret)', async () => {
    const other = await buildApp({ config: test.config, database: test.database, mailer: test.app.mailer });
    try {
      const madeElsewhere = await proofOfWork(other);
      const { url, body } = PROTECTED[3];
      expect((await post(url, { ...body(), ...madeElsewhere })).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('after a rotation, accepts the challenges the replaced secret signed for 30 minutes, then no more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { url, body } = PROTECTED[3];
      const replaced = await currentSecret();
      const solvedBefore = await proofOfWork(test.app);
      // Lives longer than the replaced secret is accepted: only the secret's time can refuse it.
      const longLived = async () =>
        solveProofOfWork(
          await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1000, counter: 3, deriveKey, expiresAt: new Date(Date.now() + 3 * 3_600_000), hmacSignatureSecret: replaced }),
        );
      await rotateSecret(test.database.db, ANTI_BOT_SECRET);
      // Another instance signs with the new secret at once; this one, a minute later at most.
      const other = await buildApp({ config: test.config, database: test.database, mailer: test.app.mailer });
      try {
        expect((await post(url, { ...body(), ...(await proofOfWork(other)) })).statusCode).toBe(201);
      } finally {
        await other.close();
      }
      vi.advanceTimersByTime(2 * 60_000);
      expect((await post(url, { ...body(), ...solvedBefore })).statusCode).toBe(201);
      expect((await post(url, { ...body(), ...(await proofOfWork(test.app)) })).statusCode).toBe(201);
      expect((await post(url, { ...body(), ...(await longLived()) })).statusCode).toBe(201);

      vi.advanceTimersByTime(29 * 60_000);
      expectRefused(await post(url, { ...body(), ...(await longLived()) }), 'anti-bot/invalid');
      expect((await post(url, { ...body(), ...(await proofOfWork(test.app)) })).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the difficulty in attempts: the counter to find lies between half of it and it', async () => {
    for (let i = 0; i < 5; i++) {
      const challenge = (await test.app.inject({ method: 'GET', url: ANTI_BOT_CHALLENGE_URL })).json<Challenge>();
      const { solution } = decode((await solveProofOfWork(challenge))[ANTI_BOT_FIELD]);
      expect(solution.counter).toBeGreaterThanOrEqual(5);
      expect(solution.counter).toBeLessThanOrEqual(10);
    }
  });
});

describe('the challenges one address may ask for', () => {
  // Twice the forms' budget: 2 a minute here, so 4 challenges.
  const test = setUpTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  const challenge = (remoteAddress: string) => test.app.inject({ method: 'GET', url: ANTI_BOT_CHALLENGE_URL, remoteAddress });

  it('are twice the forms’ budget a minute, then 429; another address has its own', async () => {
    for (let i = 0; i < 4; i++) expect((await challenge('198.51.100.80')).statusCode).toBe(200);
    const refused = await challenge('198.51.100.80');
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'http/rate-limited']);
    expect((await challenge('198.51.100.81')).statusCode).toBe(200);
    // The forms' own budget is apart: the same address may still send one.
    const login = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'personne@exemple.fr', password: 'x' }, remoteAddress: '198.51.100.80' });
    expect(login.statusCode).toBe(404);
  });
});

describe('the bot barrier turned off (ANTI_BOT=off)', () => {
  const test = setUpTestApp({ ANTI_BOT: 'off' });

  beforeAll(async () => {
    // A member registered through the usual helper: it finds no challenge and sends none.
    await registerMember(test.app);
  });

  it('hands out no challenge: 204, so the forms show no widget', async () => {
    const response = await test.app.inject({ method: 'GET', url: ANTI_BOT_CHALLENGE_URL });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it.each(PROTECTED)('accepts $url without a solution, and ignores one sent anyway', async ({ url, body, success }) => {
    expect((await test.app.inject({ method: 'POST', url, payload: body() })).statusCode).toBe(success);
    expect((await test.app.inject({ method: 'POST', url, payload: { ...body(), [ANTI_BOT_FIELD]: 'ignoré' } })).statusCode).toBe(success);
  });
});
