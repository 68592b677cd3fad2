import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { proofOfWorkFrom } from '../platform/anti-bot/solve';
import { SURVEYS } from '../../shared/surveys/definitions';
import type { SurveyResponses } from '../../shared/surveys/answers';
import { CLUB_NAMES, EXPECTATIONS, FIRST_NAMES, LAST_NAMES, PENDING_SPORTS, SPORTS, SUGGESTIONS, WORDS } from './french-samples';

/** Demo accounts live under this domain, so they are told apart from real ones. */
export const DEMO_DOMAIN = 'demo.unissons.invalid';
const DEMO_PASSWORD = 'Demo-Unissons-2025!';

interface DemoSize {
  members: number;
  organisations: number;
}

/** What `npm run demo-data` fills without size options. */
export const DEFAULT_DEMO_SIZE: DemoSize = { members: 300, organisations: 20 };

type Inject = FastifyInstance['inject'];

/** Accounts that are neither demo ones nor the configured admin: demo data stays out of their way. */
export async function countRealAccounts(db: Kysely<Database>, adminEmail: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('email', 'not like', `%@${DEMO_DOMAIN}`)
    .where('email', '!=', adminEmail.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.count;
}

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length];
}

function random<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}

async function call(inject: Inject, method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, cookie?: string) {
  const response = await inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
  if (response.statusCode >= 400) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  return response;
}

async function signIn(inject: Inject, email: string, password: string) {
  const response = await call(inject, 'POST', '/api/auth/login', { email, password });
  const cookie = response.cookies.find((entry) => entry.name === 'unissons_session');
  return `${cookie!.name}=${cookie!.value}`;
}

/**
 * Fills the site through its own API, as visitors would: accounts, organisations, words
 * (most approved), sports with reactions, survey answers and a past newsletter.
 */
export async function fillDemoData(app: FastifyInstance, admin: { email: string; password: string }, size: DemoSize, log: (line: string) => void) {
  const inject = app.inject.bind(app);
  const run = randomBytes(3).toString('hex');
  const adminCookie = await signIn(inject, admin.email, admin.password);

  const members: { email: string; cookie: string; uuid: string }[] = [];
  for (let i = 0; i < size.members; i++) {
    const firstname = pick(FIRST_NAMES, i);
    const lastname = pick(LAST_NAMES, i * 7 + 3);
    const email = `${firstname}.${lastname}.${run}${i}@${DEMO_DOMAIN}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const username = `${firstname}${lastname}${run}${i}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().slice(0, 30);
    // Most tick the newsletter box (decision 0010: only they receive it).
    const newsletter = i % 4 !== 3;
    const { data } = (await call(inject, 'POST', '/api/fn/users-registerUser', {
      email,
      username,
      firstname,
      lastname,
      pwd: DEMO_PASSWORD,
      newsletter,
      ...(await proofOfWorkFrom(app)),
    })).json();
    members.push({ email, uuid: data.uuid, cookie: await signIn(inject, email, DEMO_PASSWORD) });
    if ((i + 1) % 50 === 0) log(`${i + 1} membres`);
  }
  // A volunteer who helps with moderation, named as on /admin/members.
  if (members.length > 0) await call(inject, 'POST', `/api/admin/members/${members[0].uuid}/roles`, { role: 'moderator', granted: true }, adminCookie);

  for (let i = 0; i < size.organisations; i++) {
    const email = `club${i}-${run}@${DEMO_DOMAIN}`;
    await call(inject, 'POST', '/api/admin/organisations/allowlist', { email }, adminCookie);
    const name = i < CLUB_NAMES.length ? CLUB_NAMES[i] : `${pick(CLUB_NAMES, i)} ${Math.floor(i / CLUB_NAMES.length) + 1}`;
    await call(inject, 'POST', '/api/fn/users-registerOrganisation', {
      email,
      username: `${name} ${run}`.slice(0, 30),
      pwd: DEMO_PASSWORD,
      newsletter: true,
      ...(await proofOfWorkFrom(app)),
    });
  }
  log(`${size.organisations} organisations`);
  // Their .invalid addresses receive no mail, so nobody can open the links: they are verified
  // here as if each had, or the newsletter below would find no recipient (decision 0018).
  await app.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('email', 'like', `%@${DEMO_DOMAIN}`)
    .where('email_verified_at', 'is', null)
    .execute();

  const writers = members.filter((_, i) => i % 3 === 0);
  for (const [i, member] of writers.entries()) {
    const { id } = (await call(inject, 'POST', '/api/words', { content: pick(WORDS, i) }, member.cookie)).json();
    // One in five waits in the moderation queue; only a published word can be put forward
    // (asking VIP for a pending one is 409 moderation/already-done).
    if (i % 5 === 4) continue;
    await call(inject, 'POST', `/api/admin/words/${id}/approve`, {}, adminCookie);
    if (i % 11 === 0) await call(inject, 'POST', `/api/admin/words/${id}/vip`, { vip: true }, adminCookie);
  }
  log(`${writers.length} mots de soutien`);

  const sports: string[] = [];
  for (const [i, [name, emoji]] of [...SPORTS, ...PENDING_SPORTS].entries()) {
    const suggester = pick(members, i * 13);
    const { id } = (await call(inject, 'POST', '/api/sports', { name: `${name}`, emoji }, suggester.cookie).catch(() => ({ json: () => ({ id: '' }) }))).json();
    if (id && i < SPORTS.length) {
      await call(inject, 'POST', `/api/admin/sports/${encodeURIComponent(id)}/approve`, {}, adminCookie);
      sports.push(id);
    }
  }
  const reactions = ['love', 'wow', 'no'] as const;
  let reacted = 0;
  for (const [i, member] of members.entries()) {
    for (const [j, sport] of sports.entries()) {
      // Popularity falls off down the list, and 'love' wins most of the time.
      if ((i * 31 + j * 17) % (j + 3) !== 0) continue;
      const reaction = (i + j) % 5 < 3 ? 'love' : pick(reactions, i + j);
      await call(inject, 'POST', `/api/sports/${encodeURIComponent(sport)}/reaction`, { reaction }, member.cookie);
      reacted++;
    }
  }
  log(`${sports.length} sports, ${reacted} réactions`);

  const preUse = members.filter((_, i) => i % 4 === 1);
  for (const member of preUse) {
    await call(inject, 'POST', '/api/fn/users-submitSurvey', { surveyId: 'pre-use', userId: member.uuid, responses: preUseAnswers() }, member.cookie);
  }
  const travellers = members.filter((_, i) => i % 6 === 2);
  for (const member of travellers) {
    await call(inject, 'POST', '/api/admin/past-trips', { email: member.email }, adminCookie);
    await call(inject, 'POST', '/api/fn/users-submitSurvey', { surveyId: 'post-use', userId: member.uuid, responses: postUseAnswers() }, member.cookie);
  }
  log(`${preUse.length} réponses avant utilisation, ${travellers.length} après`);

  await call(
    inject,
    'POST',
    '/api/fn/newsletter-send',
    {
      title: 'Les nouvelles du projet',
      desc: 'La waiting list grandit, les premiers sports sont choisis !',
      letter: '## Merci à vous !\n\nVous êtes déjà nombreux sur la waiting list. Les sports les plus aimés seront les premiers servis.\n\n- Votez sur la page **Voter**\n- Laissez un mot sur le mur des supporters\n\nÀ très vite !',
      filter: 'organisations',
    },
    adminCookie,
  );
  log('une newsletter envoyée aux organisations');
}

function preUseAnswers(): SurveyResponses {
  const [heard, reasons, wontUse] = SURVEYS['pre-use'].questions.map((question) => ('choices' in question ? question.choices : []));
  return {
    heard: [random(heard), random(heard)].filter((value, index, all) => all.indexOf(value) === index),
    // Questions with a follow-up are always answered as { value, subValue } (spec §3).
    reasons: { value: [random(reasons.slice(0, -1)), random(reasons.slice(0, -1))].filter((value, index, all) => all.indexOf(value) === index) },
    'wont-use': { value: [random(wontUse.slice(0, -1))] },
    expectations: random(EXPECTATIONS),
  };
}

function postUseAnswers(): SurveyResponses {
  const happy = Math.random() > 0.25;
  return {
    'experience-rating': happy ? random([4, 4.5, 5]) : random([2, 2.5, 3]),
    expectations: happy ? { value: true } : { value: false, subValue: 'Pas assez de trajets depuis ma ville.' },
    useful: true,
    suggestion: random(SUGGESTIONS),
    'word-of-mouth': happy ? { value: true } : { value: false, subValue: 'J’attends que l’appli soit plus complète.' },
  };
}
