import { beforeAll, describe, expect, it } from 'vitest';
import type { SurveyResultsResponse } from '../../../shared/surveys';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

describe('survey results and past trips for the admin', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    [admin, member] = await Promise.all([registerAdmin(test.app, test.database), registerMember(test.app)]);
  });

  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    test.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  async function answer(surveyId: 'pre-use' | 'post-use', responses: Record<string, unknown>) {
    const someone = await registerMember(test.app);
    if (surveyId === 'post-use') await asAdmin('POST', '/api/admin/past-trips', { email: someone.email });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fn/users-submitSurvey',
      headers: { cookie: someone.cookie },
      payload: { surveyId, userId: someone.uuid, responses },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('keeps every admin endpoint for admins', async () => {
    const urls: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', '/api/admin/surveys'],
      ['GET', '/api/admin/surveys/pre-use/export.csv'],
      ['GET', `/api/admin/surveys/pre-use/texts?question=expectations&list=answers&after=2026-01-01_${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`],
      ['GET', `/api/admin/past-trips?email=${encodeURIComponent(member.email)}`],
      ['POST', '/api/admin/past-trips'],
      ['DELETE', '/api/admin/past-trips/last'],
    ];
    for (const [method, url] of urls) {
      const payload = method === 'GET' ? undefined : { email: member.email };
      const signedOut = await test.app.inject({ method, url, payload });
      expect(signedOut.statusCode, url).toBe(401);
      const notAdmin = await test.app.inject({ method, url, payload, headers: { cookie: member.cookie } });
      expect(notAdmin.statusCode, url).toBe(403);
    }
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).json().pastTrips,
    ).toEqual([]);
  });

  raceTest('finds a member by e-mail, marks trips and undoes the last one', async () => {
    await openConnections(test.database.db, 3);
    const found = await asAdmin('GET', `/api/admin/past-trips?email=${encodeURIComponent(` ${member.email.toUpperCase()} `)}`);
    expect(found.json()).toMatchObject({ uuid: member.uuid, username: member.username, pastTrips: [], surveys: {} });

    const marked = await Promise.all([1, 2, 3].map(() => asAdmin('POST', '/api/admin/past-trips', { email: member.email })));
    expect(marked.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } });
    // Three concurrent marks, three trips: each is appended by one statement.
    expect(me.json().pastTrips).toHaveLength(3);
    expect(me.json().pastTrips[0]).toMatch(/^manuel-\d{4}-\d{2}-\d{2}T/);

    const undone = await asAdmin('DELETE', '/api/admin/past-trips/last', { email: member.email });
    expect(undone.json().pastTrips).toEqual(me.json().pastTrips.slice(0, 2));
    await asAdmin('DELETE', '/api/admin/past-trips/last', { email: member.email });
    await asAdmin('DELETE', '/api/admin/past-trips/last', { email: member.email });
    expect((await asAdmin('DELETE', '/api/admin/past-trips/last', { email: member.email })).json().pastTrips).toEqual([]);
  });

  it('says when no account has that e-mail', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/past-trips?email=personne%40exemple.fr', undefined],
      ['POST', '/api/admin/past-trips', { email: 'personne@exemple.fr' }],
      ['DELETE', '/api/admin/past-trips/last', { email: 'personne@exemple.fr' }],
    ] as const) {
      const response = await asAdmin(method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'users/no-user-found', message: 'Aucun compte trouvé' });
    }
    expect((await asAdmin('POST', '/api/admin/past-trips', { email: 'a@b.fr', trip: 'x' })).statusCode).toBe(400);
  });

  it('marks no trip on an account that has not verified its address (decision 0028)', async () => {
    const unverified = await registerMember(test.app, { verified: false });
    for (const [method, url, payload] of [
      ['GET', `/api/admin/past-trips?email=${encodeURIComponent(unverified.email)}`, undefined],
      ['POST', '/api/admin/past-trips', { email: unverified.email }],
      ['DELETE', '/api/admin/past-trips/last', { email: unverified.email }],
    ] as const) {
      const response = await asAdmin(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json().error.code).toBe('surveys/member-email-unverified');
    }
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: unverified.cookie } });
    expect(me.json().pastTrips).toEqual([]);
  });

  it('counts answers, choices, yes-no and ratings, and lists free texts and follow-ups', async () => {
    await answer('pre-use', {
      heard: ['Instagram', 'TikTok'],
      reasons: { value: ['Partager les frais de route', 'Autre'], subValue: 'Voir du pays' },
      'wont-use': { value: ['Le prix du trajet'] },
      expectations: 'Des trajets fiables',
    });
    await answer('pre-use', {
      heard: ['Instagram'],
      reasons: { value: ['Partager les frais de route'] },
      'wont-use': { value: ['Autre'], subValue: 'Mon chien' },
      expectations: 'Rencontrer du monde',
    });
    await answer('post-use', {
      'experience-rating': 4.5,
      expectations: { value: true },
      useful: true,
      suggestion: 'Rien à redire',
      'word-of-mouth': { value: false, subValue: 'Je suis discret' },
    });
    await answer('post-use', {
      'experience-rating': 3,
      expectations: { value: false, subValue: 'Pas assez de conducteurs' },
      useful: false,
      suggestion: 'Plus de conducteurs',
      'word-of-mouth': { value: true },
    });

    const response = await asAdmin('GET', '/api/admin/surveys');
    expect(response.statusCode).toBe(200);
    const { surveys } = response.json() as SurveyResultsResponse;
    const [preUse, postUse] = surveys;
    expect([preUse.id, preUse.answers, postUse.id, postUse.answers]).toEqual(['pre-use', 2, 'post-use', 2]);

    const byId = (results: typeof preUse, id: string) => results.questions.find((question) => question.id === id)!;
    const heard = byId(preUse, 'heard');
    expect(heard.answered).toBe(2);
    expect('counts' in heard && heard.counts).toEqual([
      { label: 'Instagram', count: 2 },
      { label: 'Événement', count: 0 },
      { label: 'Bouche à oreille', count: 0 },
      { label: 'YouTube', count: 0 },
      { label: 'TikTok', count: 1 },
    ]);
    expect(byId(preUse, 'reasons').followUps).toEqual({ total: 1, texts: ['Voir du pays'], next: null });
    expect(byId(preUse, 'wont-use').followUps).toEqual({ total: 1, texts: ['Mon chien'], next: null });
    expect(byId(preUse, 'heard').followUps).toEqual({ total: 0, texts: [], next: null });
    const expectations = byId(preUse, 'expectations');
    expect(expectations.type === 'text' && expectations.texts.total).toBe(2);
    expect(expectations.type === 'text' && [...expectations.texts.texts].sort()).toEqual([
      'Des trajets fiables',
      'Rencontrer du monde',
    ]);

    const rating = byId(postUse, 'experience-rating');
    expect(rating.type === 'rating' && rating.mean).toBe(3.75);
    expect('counts' in rating && rating.counts.filter((entry) => entry.count > 0)).toEqual([
      { label: '3', count: 1 },
      { label: '4,5', count: 1 },
    ]);
    expect('counts' in rating && rating.counts).toHaveLength(11);
    const useful = byId(postUse, 'useful');
    expect('counts' in useful && useful.counts).toEqual([
      { label: 'Oui', count: 1 },
      { label: 'Non', count: 1 },
    ]);
    expect(byId(postUse, 'expectations').followUps.texts).toEqual(['Pas assez de conducteurs']);
    expect(byId(postUse, 'word-of-mouth').followUps.texts).toEqual(['Je suis discret']);
  });

  it('exports a survey as CSV that French Excel opens', async () => {
    await answer('pre-use', {
      heard: ['Événement'],
      reasons: { value: ['Autre'], subValue: 'Parce que ; "pourquoi pas"\nvoilà' },
      'wont-use': { value: ["Rien, je suis prêt(e) à l'utiliser !"] },
      expectations: '=HYPERLINK("http://exemple.fr")',
    });
    const response = await asAdmin('GET', '/api/admin/surveys/pre-use/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="questionnaire-pre-use-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      "Date;Comment as-tu entendu parler de l'application ?;Pour quelles raisons utiliserais-tu l'application ?;" +
        "Pour quelles raisons utiliserais-tu l'application ? (Quelle autre raison ?);" +
        "Qu'est-ce qui pourrait te freiner à utiliser l'application ?;" +
        "Qu'est-ce qui pourrait te freiner à utiliser l'application ? (Quel autre frein ?);Qu'attends-tu de l'application ?",
    );
    expect(body).toContain('Instagram | TikTok');
    expect(body).toContain(
      `;Autre;"Parce que ; ""pourquoi pas""\nvoilà";"Rien, je suis prêt(e) à l'utiliser !";;"'=HYPERLINK(""http://exemple.fr"")"\r\n`,
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.filter((line) => /^\d{4}-\d{2}-\d{2};/.test(line))).toHaveLength(3);

    const postUse = (await asAdmin('GET', '/api/admin/surveys/post-use/export.csv')).rawPayload.toString('utf8');
    // A decimal comma is quoted too, for tools that guess the separator.
    expect(postUse).toMatch(/;"4,5";Oui;;Oui;Rien à redire;Non;Je suis discret\r\n/);
    expect((await asAdmin('GET', '/api/admin/surveys/mid-use/export.csv')).statusCode).toBe(404);
  });
});
