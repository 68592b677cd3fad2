import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../../shared/api-error';
import { registerAdmin, registerMember, type TestMember } from '../testing/members';
import { setUpTestApp } from '../../testing/test-app';

// PostgreSQL refuses NUL in text and jsonb: each of these reached a query and answered 500.
describe('NUL characters in requests', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    [admin, member] = await Promise.all([registerAdmin(test.app, test.database), registerMember(test.app)]);
  });

  const expectBadRequest = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(isApiErrorBody(response.json())).toBe(true);
  };

  it('are refused in a body field', async () => {
    expectBadRequest(
      await test.app.inject({ method: 'DELETE', url: '/api/admin/past-trips/last', headers: { cookie: admin.cookie }, payload: { email: '\u0000' } }),
    );
  });

  /** A pre-use survey answer whose 'Autre' reason says `otherReason`. */
  const answerSurvey = (otherReason: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/fn/users-submitSurvey',
      headers: { cookie: member.cookie },
      payload: {
        surveyId: 'pre-use',
        userId: member.uuid,
        responses: { heard: ['Instagram'], reasons: { value: ['Autre'], subValue: otherReason }, 'wont-use': { value: ['Le prix du trajet'] }, expectations: 'Des trajets' },
      },
    });

  it('are refused deep inside a body, in survey answers stored as JSON', async () => {
    expectBadRequest(await answerSurvey('a\u0000b'));
  });

  it('are refused in a query string and a path parameter', async () => {
    expectBadRequest(await test.app.inject({ method: 'GET', url: '/api/admin/past-trips?email=%00', headers: { cookie: admin.cookie } }));
    expectBadRequest(
      await test.app.inject({ method: 'POST', url: '/api/sports/a%00b/reaction', headers: { cookie: member.cookie }, payload: { reaction: 'love' } }),
    );
  });

  it('leave ordinary text, escapes included, alone', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/admin/past-trips?email=${encodeURIComponent(member.email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const answered = await answerSurvey('Écrire \\u0000 en JSON');
    expect(answered.statusCode, answered.body).toBe(200);
  });
});
