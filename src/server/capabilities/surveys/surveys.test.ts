import { beforeAll, describe, expect, it } from 'vitest';
import { surveyErrorMessage } from '../../../shared/messages';
import type { SurveyResponses } from '../../../shared/surveys';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';

const PRE_USE: SurveyResponses = {
  heard: ['Instagram', 'Bouche à oreille'],
  reasons: { value: ['Partager les frais de route', 'Autre'], subValue: 'Aller au trail avec des amis' },
  'wont-use': { value: ['Le prix du trajet'] },
  expectations: 'Trouver facilement un trajet pour les matchs',
};

const POST_USE: SurveyResponses = {
  'experience-rating': 4.5,
  expectations: { value: false, subValue: 'Plus de trajets le dimanche' },
  useful: true,
  suggestion: 'Une carte des départs',
  'word-of-mouth': { value: true },
};

describe('users-submitSurvey (spec §7, §8)', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  function submit(member: Pick<TestMember, 'cookie'> | undefined, payload: Record<string, unknown>) {
    return test.app.inject({
      method: 'POST',
      url: '/api/fn/users-submitSurvey',
      headers: member ? { cookie: member.cookie } : {},
      payload,
    });
  }

  const me = (member: TestMember) =>
    test.app
      .inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })
      .then((response) => response.json());

  const answerCount = async (surveyId: string) =>
    Number(
      (
        await test.database.db
          .selectFrom('survey_answers')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('survey_id', '=', surveyId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  const markTrip = (email: string) =>
    test.app.inject({ method: 'POST', url: '/api/admin/past-trips', headers: { cookie: admin.cookie }, payload: { email } });

  /** The client's mapping: error code → spec §8 text. */
  const shown = (response: { json(): { error: { code: string } } }) => surveyErrorMessage(response.json().error.code);

  it('asks to log in when signed out', async () => {
    const response = await submit(undefined, {
      surveyId: 'pre-use',
      userId: '00000000-0000-4000-8000-000000000000',
      responses: PRE_USE,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toContain('unauthorized');
    expect(shown(response)).toBe('Connecte-toi pour répondre aux sondages');
  });

  it("refuses to answer in another member's name", async () => {
    const [member, other] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
    const response = await submit(member, { surveyId: 'pre-use', userId: other.uuid, responses: PRE_USE });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'surveys/unauthorized', message: 'Connecte-toi pour répondre aux sondages' });
    expect((await me(other)).surveys).toEqual({});
  });

  it('stores nothing when answers are missing, a follow-up included', async () => {
    const member = await registerMember(test.app);
    const before = await answerCount('pre-use');
    const { heard: _heard, ...withoutHeard } = PRE_USE;
    for (const responses of [
      {},
      withoutHeard,
      { ...PRE_USE, reasons: { value: ['Autre'] } },
      { ...PRE_USE, expectations: '   ' },
    ]) {
      const response = await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('surveys/missing-fields');
      expect(response.json().error.message).toBe('Des réponses sont manquantes !');
      expect(shown(response)).toBe('Des réponses sont manquantes !');
    }
    expect(await answerCount('pre-use')).toBe(before);
    expect((await me(member)).surveys).toEqual({});
  });

  it('refuses answers no form sends, with the generic message on the page', async () => {
    const member = await registerMember(test.app);
    for (const responses of [
      { ...PRE_USE, heard: ['Minitel'] },
      { ...PRE_USE, expectations: 42 },
      { ...PRE_USE, reasons: ['Autre'] },
    ]) {
      const response = await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('surveys/invalid-answers');
      expect(shown(response)).toBe('Une erreur est survenue, essaye à nouveau ou contacte nous !');
    }
    // A question of the other survey, an unknown question, an unknown survey, an extra field.
    const badRequests = [
      { surveyId: 'pre-use', userId: member.uuid, responses: { ...PRE_USE, useful: true } },
      { surveyId: 'pre-use', userId: member.uuid, responses: { ...PRE_USE, intrus: 'x' } },
      { surveyId: 'mid-use', userId: member.uuid, responses: PRE_USE },
      { surveyId: 'pre-use', userId: member.uuid, responses: PRE_USE, extra: true },
    ];
    for (const payload of badRequests) {
      const response = await submit(member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(['surveys/invalid-answers', 'http/bad-request']).toContain(response.json().error.code);
    }
    expect((await me(member)).surveys).toEqual({});
  });

  it('stores a pre-use answer anonymously and marks the survey answered', async () => {
    const member = await registerMember(test.app);
    const response = await submit(member, {
      surveyId: 'pre-use',
      userId: member.uuid,
      responses: { ...PRE_USE, expectations: '  Trouver facilement un trajet pour les matchs ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { surveys: { 'pre-use': true } } });
    expect((await me(member)).surveys).toEqual({ 'pre-use': true });

    const stored = await test.database.db.selectFrom('survey_answers').selectAll().where('survey_id', '=', 'pre-use').execute();
    expect(stored.map((row) => row.responses)).toContainEqual(PRE_USE);
    // Nothing in an answer row leads back to the member.
    for (const row of stored) {
      expect(Object.keys(row).sort()).toEqual(['answered_on', 'id', 'responses', 'survey_id']);
      expect(JSON.stringify(row)).not.toContain(member.uuid);
    }
    const marks = await test.database.db
      .selectFrom('survey_submissions')
      .selectAll()
      .where('user_id', '=', member.uuid)
      .execute();
    expect(marks).toEqual([{ survey_id: 'pre-use', user_id: member.uuid }]);
  });

  it('answers "already answered" to a second submit', async () => {
    const member = await registerMember(test.app);
    expect((await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses: PRE_USE })).statusCode).toBe(200);
    const again = await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('surveys/already-answered');
    expect(shown(again)).toBe('Tu as déjà répondu à ce sondage !');
  });

  raceTest('keeps one answer when the same member submits many times at once', async () => {
    const member = await registerMember(test.app);
    const before = await answerCount('pre-use');
    await openConnections(test.database.db, 10);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => submit(member, { surveyId: 'pre-use', userId: member.uuid, responses: PRE_USE })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((entry) => entry.statusCode === 409)) {
      expect(response.json().error.code).toBe('surveys/already-answered');
    }
    expect(await answerCount('pre-use')).toBe(before + 1);
  });

  it('keeps one answer even if the mark on the account were lost (the database decides)', async () => {
    const member = await registerMember(test.app);
    expect((await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses: PRE_USE })).statusCode).toBe(200);
    await test.database.db.updateTable('users').set({ surveys: '{}' }).where('id', '=', member.uuid).execute();
    const again = await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses: PRE_USE });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('surveys/already-answered');
  });

  it('opens post-use only after a trip, and then closes pre-use', async () => {
    const member = await registerMember(test.app);
    const early = await submit(member, { surveyId: 'post-use', userId: member.uuid, responses: POST_USE });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({
      code: 'surveys/post-use-reserved',
      message: 'Ce questionnaire est réservé aux membres ayant déjà effectué un trajet.',
    });

    expect((await markTrip(member.email)).statusCode).toBe(200);
    const late = await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses: PRE_USE });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe("Ce questionnaire est réservé aux membres n'ayant pas encore effectué de trajets.");

    const missing = await submit(member, {
      surveyId: 'post-use',
      userId: member.uuid,
      responses: { ...POST_USE, 'word-of-mouth': { value: false } },
    });
    expect(missing.json().error.code).toBe('surveys/missing-fields');
    const done = await submit(member, { surveyId: 'post-use', userId: member.uuid, responses: POST_USE });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.surveys).toEqual({ 'post-use': true });
  });

  it('keeps the anonymous answers when a member deletes their account', async () => {
    const member = await registerMember(test.app);
    const responses = { ...PRE_USE, expectations: 'Réponse gardée après la suppression' };
    await submit(member, { surveyId: 'pre-use', userId: member.uuid, responses });
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: member.cookie },
      payload: { password: member.password },
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await test.database.db.selectFrom('survey_answers').select('responses').execute();
    expect(rows.map((row) => row.responses)).toContainEqual(responses);
  });
});
