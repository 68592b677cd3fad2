import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/event-reports';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, registerModerator, registerOrganisation, type TestMember } from '../../platform/testing/members';
import { proofOfWork } from '../../platform/testing/proof-of-work';

describe('the member’s data export (privacy policy §7.1, §7.7)', () => {
  const test = setUpTestApp();

  const post = (url: string, payload: object, cookie: string) => test.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const exportOf = async (member: TestMember) => {
    const response = await test.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.headers['cache-control']).toBe('no-store');
    return response;
  };

  it('holds every kind of data the site keeps about a member, and no secret', async () => {
    const [member, admin] = await Promise.all([registerMember(test.app, { newsletter: true }), registerAdmin(test.app, test.database)]);
    const { db } = test.database;

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0b3d91' } }).png().toBuffer();
    const upload = await test.app.inject({
      method: 'PUT',
      url: '/api/account/picture',
      headers: { cookie: member.cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(upload.statusCode).toBe(200);
    expect((await post('/api/words', { content: 'Vivement le premier trajet ensemble !' }, member.cookie)).statusCode).toBe(201);
    expect((await post('/api/sports', { name: 'Kayak polo', emoji: '🛶' }, member.cookie)).statusCode).toBe(201);
    expect((await post('/api/sports', { name: 'Curling', emoji: '🥌' }, member.cookie)).statusCode).toBe(201);
    expect((await post('/api/admin/sports/kayak%20polo/approve', {}, admin.cookie)).statusCode).toBe(204);
    expect((await post('/api/sports/kayak%20polo/reaction', { reaction: 'love' }, member.cookie)).statusCode).toBe(200);
    const failed = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: 'Pas-Le-Bon-1!' } });
    expect(failed.statusCode).toBe(401);
    const inAMonth = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const report = { eventName: 'Marathon de Nantes', sport: 'Course à pied', date: todayIso(inAMonth), place: 'Nantes', link: 'https://exemple.fr/marathon' };
    // Another visitor's report, and the member's (its address typed in capitals).
    expect((await test.app.inject({ method: 'POST', url: '/api/event-reports', payload: { ...report, email: 'autre@exemple.fr', ...(await proofOfWork(test.app)) } })).statusCode).toBe(201);
    expect((await test.app.inject({ method: 'POST', url: '/api/event-reports', payload: { ...report, email: member.email.toUpperCase(), ...(await proofOfWork(test.app)) } })).statusCode).toBe(201);
    // The anonymous survey answer is not linked to the member: only the 'already answered' mark is.
    await db.insertInto('survey_submissions').values({ survey_id: 'pre-use', user_id: member.uuid }).execute();
    const { id: newsletterId } = await db
      .insertInto('newsletters')
      .values({ title: 'Les nouvelles de mars', description: '', letter: 'Bonjour', filter: null, created_by: member.uuid })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('newsletter_deliveries')
      .values({ newsletter_id: newsletterId, user_id: member.uuid, email: member.email, name: 'Camille', status: 'sent', attempts: 1, sent_at: new Date() })
      .execute();

    const response = await exportOf(member);
    const data = response.json();
    expect(data.account).toMatchObject({ uuid: member.uuid, email: member.email, username: member.username, newsletter: true, temporaryLoginValidUntil: null });
    expect(data.picture.contentType).toBe('image/webp');
    const stored = await db.selectFrom('user_pictures').select('content').where('user_id', '=', member.uuid).executeTakeFirstOrThrow();
    expect(Buffer.from(data.picture.base64, 'base64').equals(Buffer.from(stored.content))).toBe(true);
    expect(data.word).toMatchObject({ content: 'Vivement le premier trajet ensemble !', status: 'pending', vip: false, publishedAt: null });
    expect(data.sportSuggestions.map((sport: { name: string; status: string }) => [sport.name, sport.status])).toEqual([
      ['Kayak polo', 'public'],
      ['Curling', 'pending'],
    ]);
    expect(data.sportReactions).toEqual([expect.objectContaining({ sportId: 'kayak polo', sport: 'Kayak polo', reaction: 'love' })]);
    expect(data.surveysAnswered).toEqual(['pre-use']);
    expect(data.newsletterDeliveries).toEqual([
      expect.objectContaining({ newsletter: 'Les nouvelles de mars', email: member.email, status: 'sent', attempts: 1, lastError: null }),
    ]);
    expect(data.newslettersWritten).toEqual([expect.objectContaining({ title: 'Les nouvelles de mars' })]);
    expect(data.eventReports).toEqual([expect.objectContaining({ eventName: 'Marathon de Nantes', date: report.date, email: member.email })]);
    expect(data.loginFailures).toHaveLength(1);
    expect(Object.keys(data.loginFailures[0])).toEqual(['failedAt']);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    for (const session of data.sessions) expect(Object.keys(session).sort()).toEqual(['createdAt', 'expiresAt', 'lastSeenAt', 'secondFactorAt', 'userAgent']);
    // The sign-in's factors (RGPD art. 15), never their secrets.
    expect(data.secondFactor).toEqual({ since: null, authenticatorApp: false, recoveryCodesLeft: 0 });
    expect(data.passkeys).toEqual([]);
    expect(data.knownBrowsers).toEqual([expect.objectContaining({ firstSeenAt: expect.any(String), lastSignedInAt: expect.any(String) })]);
    expect(Object.keys(data.notes).sort()).toEqual(['eventReports', 'loginFailures', 'secrets', 'surveys', 'wikiFeedback', 'word']);

    // No secret: neither the password's hash nor a session's token hash.
    const secrets = await db.selectFrom('users').select('password_hash').where('id', '=', member.uuid).executeTakeFirstOrThrow();
    const sessionIds = await db.selectFrom('sessions').select('id').where('user_id', '=', member.uuid).execute();
    const linkIds = await db.selectFrom('email_verifications').select('id').where('user_id', '=', member.uuid).execute();
    expect(linkIds).toHaveLength(1);
    for (const secret of [secrets.password_hash, ...sessionIds.map((session) => session.id), ...linkIds.map((link) => link.id)]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/hash|token/i);
  });

  it('joins the rows found by e-mail only once the address is verified, and only those made since (decision 0028)', async () => {
    // Someone registers with another person's address and cannot open its link.
    const address = `signaleuse-${Date.now().toString(36)}@exemple.fr`;
    const squatter = await registerMember(test.app, { email: address, verified: false });
    const report = async (eventName: string) => {
      const payload = { eventName, sport: 'Course à pied', date: todayIso(new Date(Date.now() + 30 * 86_400_000)), place: 'Lyon', link: 'https://exemple.fr/course', email: address };
      expect((await test.app.inject({ method: 'POST', url: '/api/event-reports', payload: { ...payload, ...(await proofOfWork(test.app)) } })).statusCode).toBe(201);
    };
    const failLogin = async () =>
      expect((await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address, password: 'Pas-Le-Bon-1!' } })).statusCode).toBe(401);
    await report('Course des quais');
    await failLogin();
    await test.database.db.insertInto('organisation_allowlist').values({ email: address }).execute();

    const unproven = (await exportOf(squatter)).json();
    expect(unproven.eventReports).toEqual([]);
    expect(unproven.loginFailures).toEqual([]);
    expect(unproven.account).not.toHaveProperty('organisationAllowedAt');

    // The link opened: from now on the address is the member's.
    const mail = await test.mailbox.waitFor(address, (entry) => entry.parsed.subject === 'Confirme ton adresse mail');
    const token = /\/verifier-adresse\/([A-Za-z0-9_-]{43})$/m.exec(mail.parsed.text ?? '')![1];
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
    await report('Trail des monts');
    await failLogin();

    const proven = (await exportOf(squatter)).json();
    expect(proven.eventReports.map((entry: { eventName: string }) => entry.eventName)).toEqual(['Trail des monts']);
    expect(proven.loginFailures).toHaveLength(1);
    expect(proven.account.organisationAllowedAt).toEqual(expect.any(String));
  });

  it('says which ones are empty for a new member, and when an organisation’s address was allowed', async () => {
    const member = await registerMember(test.app);
    const data = (await exportOf(member)).json();
    expect(data).toMatchObject({
      picture: null,
      word: null,
      sportSuggestions: [],
      sportReactions: [],
      surveysAnswered: [],
      newsletterDeliveries: [],
      eventReports: [],
      loginFailures: [],
    });
    expect(data.account.newsletter).toBe(false);
    expect(data.account).not.toHaveProperty('organisationAllowedAt');
    // Only those who moderate have a digest setting (decision 0021).
    expect(data.account).not.toHaveProperty('moderationDigest');
    // Decision 0018: when the address was proven, the change waiting for its link, the links sent.
    expect(data.account).toMatchObject({ emailVerified: true, emailVerifiedAt: expect.any(String), pendingEmailChange: null, emailUndeliverable: false, emailUndeliverableAt: null, emailUndeliverableReason: null });
    expect(data.emailVerificationLinks).toEqual([
      { email: member.email, createdAt: expect.any(String), expiresAt: expect.any(String), usedAt: null },
    ]);

    const organisation = await registerOrganisation(test.app, test.database);
    const club = (await exportOf(organisation)).json();
    expect(club.account).toMatchObject({ accountType: 'organisation', organisationAllowedAt: expect.any(String) });

    const moderator = await registerModerator(test.app, test.database);
    await test.app.inject({ method: 'PUT', url: '/api/admin/moderation/digest', headers: { cookie: moderator.cookie }, payload: { subscribed: false } });
    expect((await exportOf(moderator)).json().account).toMatchObject({ moderationDigest: false, moderationDigestLastSentAt: null });
  });
});
