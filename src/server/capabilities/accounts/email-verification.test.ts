import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import { createTestDatabase } from '../../platform/testing/test-database';
import type { CapturedMail } from '../../platform/testing/mailbox';
import { login, registerAdmin, registerMember, STRONG_PASSWORD, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { proofOfWork } from '../../platform/testing/proof-of-work';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { greetingName, issueVerificationLink } from './email-verification';

const VERIFY_SUBJECT = 'Confirme ton adresse mail';
const CHANGE_SUBJECT = 'Confirme ta nouvelle adresse mail';
const NOTICE_SUBJECT = "Changement d'adresse mail demandé";

describe('e-mail verification (decision 0018)', () => {
  const test = setUpTestApp();

  const me = async (cookie: string) =>
    (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
  const verify = (token: string, cookie?: string) =>
    test.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: cookie ? { cookie } : {}, payload: { token } });
  const preview = (token: string) => test.app.inject({ method: 'POST', url: '/api/auth/verification-link', payload: { token } });
  const post = (url: string, cookie: string, payload: object = {}) =>
    test.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const mailTo = (email: string, subject: string) => test.mailbox.waitFor(email, (mail) => mail.parsed.subject === subject);
  const mailsTo = (email: string, subject: string) =>
    test.mailbox.messages.filter((mail) => mail.recipients.includes(email) && mail.parsed.subject === subject);

  /** The link's token, from the mail's text (the HTML carries the same link). */
  function tokenOf(mail: CapturedMail): string {
    const url = /^(http:\/\/localhost:3000\/verifier-adresse\/([A-Za-z0-9_-]{43}))$/m.exec(mail.parsed.text ?? '');
    expect(url, mail.parsed.text).not.toBeNull();
    expect(mail.parsed.html).toContain(`href="${url![1]}"`);
    return url![2];
  }

  const unverifiedMember = () => registerMember(test.app, { verified: false });

  it('mails a French link at registration that verifies the address once, without signing anyone in', async () => {
    const member = await unverifiedMember();
    expect((await me(member.cookie)).emailVerified).toBe(false);
    const mail = await mailTo(member.email, VERIFY_SUBJECT);
    expect(mail.parsed.text).toContain('Bonjour Camille,');
    expect(mail.parsed.text).toContain('valable 48 heures et une seule fois');
    const token = tokenOf(mail);

    // Only the token's hash is kept, with 48 hours to live.
    const rows = await test.database.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', member.uuid)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const hours = (rows[0].expires_at.getTime() - rows[0].created_at.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);

    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: member.email, changed: false });
    expect(response.cookies).toEqual([]);
    expect((await me(member.cookie)).emailVerified).toBe(true);

    const again = await verify(token);
    expect([again.statusCode, again.json().error]).toEqual([
      410,
      { code: 'users/verification-link-used', message: "Ce lien de vérification a déjà servi : il ne fonctionne qu'une fois 🙁" },
    ]);
  });

  it('mails the link to a new organisation too', async () => {
    await test.database.db.insertInto('organisation_allowlist').values({ email: 'club-verif@exemple.fr' }).execute();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fn/users-registerOrganisation',
      payload: { email: 'Club-Verif@Exemple.fr', username: 'Club Vérif', pwd: STRONG_PASSWORD, ...(await proofOfWork(test.app)) },
    });
    expect(response.statusCode).toBe(200);
    const mail = await mailTo('club-verif@exemple.fr', VERIFY_SUBJECT);
    expect(mail.parsed.text).toContain('Bonjour Club Vérif,');
    expect((await verify(tokenOf(mail))).json()).toEqual({ email: 'club-verif@exemple.fr', changed: false });
  });

  it('creates the account even when the mail cannot be sent: a new link is asked for later', async () => {
    const database = await createTestDatabase();
    const config = readConfig({
      DATA_DIR: '/nonexistent-test-data',
      CLIENT_DIR: '/nonexistent-client',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const failing = {
      send: async () => {
        throw new Error('SMTP down');
      },
      close() {},
    };
    const app = await buildApp({ config, database, mailer: failing });
    try {
      const member = await registerMember(app, { verified: false });
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).json().emailVerified,
      ).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses an expired link and an unknown one, and says which', async () => {
    const member = await unverifiedMember();
    const token = tokenOf(await mailTo(member.email, VERIFY_SUBJECT));
    await test.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.uuid)
      .execute();
    const expired = await verify(token);
    expect([expired.statusCode, expired.json().error]).toEqual([
      410,
      {
        code: 'users/verification-link-expired',
        message: 'Ce lien de vérification a expiré : il ne fonctionne que 48 heures 🙁',
      },
    ]);
    expect((await me(member.cookie)).emailVerified).toBe(false);
    const unknown = await verify('x'.repeat(43));
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'users/verification-link-invalid']);
    const malformed = await test.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: 'x'.repeat(101) },
    });
    expect(malformed.statusCode).toBe(400);
  });

  raceTest('lets one of three openings at once use the link', async () => {
    await openConnections(test.database.db, 10);
    // Three links in turn: the first requests on a route run slower and may end apart.
    for (let round = 0; round < 3; round++) {
      const member = await unverifiedMember();
      const token = tokenOf(await mailTo(member.email, VERIFY_SUBJECT));
      const statuses = (await Promise.all([verify(token), verify(token), verify(token)]))
        .map((response) => response.statusCode)
        .sort();
      expect(statuses).toEqual([200, 410, 410]);
    }
  });

  it("sends a new link on 'Renvoyer le mail', at most 5 an hour, none once verified", async () => {
    const member = await unverifiedMember();
    expect((await test.app.inject({ method: 'POST', url: '/api/account/verification-mail', payload: {} })).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await post('/api/account/verification-mail', member.cookie)).statusCode).toBe(204);
    const limited = await post('/api/account/verification-mail', member.cookie);
    expect([limited.statusCode, limited.json().error]).toEqual([
      429,
      { code: 'http/rate-limited', message: 'Trop de tentatives, réessaie dans quelques minutes 🙁' },
    ]);
    await expect.poll(() => mailsTo(member.email, VERIFY_SUBJECT).length).toBe(6);

    // Any of them works; the others are then spent.
    const links = mailsTo(member.email, VERIFY_SUBJECT).map(tokenOf);
    expect((await verify(links[3])).statusCode).toBe(200);
    expect((await verify(links[5])).json().error.code).toBe('users/verification-link-used');

    const verified = await registerMember(test.app);
    const already = await post('/api/account/verification-mail', verified.cookie);
    expect([already.statusCode, already.json().error.code]).toEqual([409, 'users/email-already-verified']);
  });

  describe('changing the address', () => {
    const changeEmail = (member: TestMember, newEmail: string, password = member.password) =>
      post('/api/account/email', member.cookie, { newEmail, password });
    const pending = async (member: TestMember) =>
      (await test.app.inject({ method: 'GET', url: '/api/account/email', headers: { cookie: member.cookie } })).json()
        .pendingEmail;
    const loginStatus = async (email: string, password: string) =>
      (await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

    it('needs the password, a valid and different address that is free', async () => {
      const member = await registerMember(test.app);
      const other = await registerMember(test.app);
      const cases: [string, string, number, string][] = [
        ['nouvelle@exemple.fr', 'Pas-Le-Bon-1!', 401, 'auth/wrong-password'],
        ['pas-une-adresse', member.password, 400, 'users/invalid-email'],
        [member.email.toUpperCase(), member.password, 400, 'users/same-email'],
        [other.email, member.password, 409, 'users/email-already-taken'],
      ];
      for (const [newEmail, password, status, code] of cases) {
        const response = await changeEmail(member, newEmail, password);
        expect([response.statusCode, response.json().error.code], newEmail).toEqual([status, code]);
      }
      expect(await pending(member)).toBeNull();
    });

    it('keeps the old address for login and mail, tells it, and swaps on confirmation', async () => {
      const member = await registerMember(test.app);
      const newEmail = `nouvelle-${member.uuid.slice(0, 8)}@exemple.fr`;
      const response = await changeEmail(member, `  ${newEmail.toUpperCase()} `);
      expect([response.statusCode, response.json()]).toEqual([202, { pendingEmail: newEmail }]);
      expect(await pending(member)).toBe(newEmail);

      const notice = await mailTo(member.email, NOTICE_SUBJECT);
      expect(notice.parsed.text).toContain(`vers ${newEmail}`);
      const token = tokenOf(await mailTo(newEmail, CHANGE_SUBJECT));

      // Until the link is opened, the account is the old address's: login, me, forgotten password.
      expect(await loginStatus(member.email, member.password)).toBe(200);
      expect(await loginStatus(newEmail, member.password)).toBe(404);
      expect((await me(member.cookie)).email).toBe(member.email);
      expect(
        (await test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: member.email, ...(await proofOfWork(test.app)) } }))
          .statusCode,
      ).toBe(200);
      await mailTo(member.email, 'Ton mot de passe temporaire');

      const export1 = (
        await test.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: member.cookie } })
      ).json();
      expect(export1.account).toMatchObject({
        email: member.email,
        emailVerified: true,
        pendingEmailChange: { email: newEmail },
      });
      expect(export1.emailVerificationLinks).toContainEqual(expect.objectContaining({ email: newEmail, usedAt: null }));

      const confirmed = await verify(token);
      expect(confirmed.json()).toEqual({ email: newEmail, changed: true });
      expect(await me(member.cookie)).toMatchObject({ email: newEmail, emailVerified: true });
      expect(await loginStatus(newEmail, member.password)).toBe(200);
      expect(await loginStatus(member.email, member.password)).toBe(404);
      expect(await pending(member)).toBeNull();
      const export2 = (
        await test.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: member.cookie } })
      ).json();
      expect(export2.account).toMatchObject({ email: newEmail, pendingEmailChange: null, emailVerifiedAt: expect.any(String) });
    });

    it('names the address and the account before the click, without using the link', async () => {
      const member = await registerMember(test.app);
      const newEmail = `apercu-${member.uuid.slice(0, 8)}@exemple.fr`;
      expect((await changeEmail(member, newEmail)).statusCode).toBe(202);
      const token = tokenOf(await mailTo(newEmail, CHANGE_SUBJECT));

      for (let i = 0; i < 2; i++) {
        const response = await preview(token);
        expect([response.statusCode, response.json()]).toEqual([200, { change: true, email: newEmail, accountName: member.username }]);
        expect(response.cookies).toEqual([]);
      }
      expect(await pending(member)).toBe(newEmail);
      expect((await me(member.cookie)).email).toBe(member.email);

      expect((await verify(token)).json()).toEqual({ email: newEmail, changed: true });
      // Used, it asks nothing more: opening it says it was used.
      expect((await preview(token)).json()).toEqual({ change: false });
    });

    it('asks nothing for a registration link, nor for an unknown one, and tells no more', async () => {
      const member = await unverifiedMember();
      const token = tokenOf(await mailTo(member.email, VERIFY_SUBJECT));
      expect((await preview(token)).json()).toEqual({ change: false });
      expect((await preview('x'.repeat(43))).json()).toEqual({ change: false });
      expect((await test.app.inject({ method: 'POST', url: '/api/auth/verification-link', payload: { token: 'x'.repeat(101) } })).statusCode).toBe(400);
      // Asking did not use it.
      expect((await verify(token)).json()).toEqual({ email: member.email, changed: false });
    });

    it('refuses a suspended member’s change of address, and keeps the link for a reinstatement', async () => {
      const [member, admin] = await Promise.all([registerMember(test.app), registerAdmin(test.app, test.database)]);
      const newEmail = `suspendue-${member.uuid.slice(0, 8)}@exemple.fr`;
      expect((await changeEmail(member, newEmail)).statusCode).toBe(202);
      const token = tokenOf(await mailTo(newEmail, CHANGE_SUBJECT));
      const suspend = (suspended: boolean) => post(`/api/admin/members/${member.uuid}/suspension`, admin.cookie, { suspended });
      expect((await suspend(true)).statusCode).toBe(200);

      const refusal = {
        code: 'users/email-change-suspended',
        message: "Ce compte a été suspendu par l'équipe de l'association : son adresse mail ne peut pas changer. Écris-nous pour en savoir plus 🙁",
      };
      const asked = await preview(token);
      expect([asked.statusCode, asked.json().error]).toEqual([403, refusal]);
      const opened = await verify(token);
      expect([opened.statusCode, opened.json().error]).toEqual([403, refusal]);
      const account = await test.database.db.selectFrom('users').select('email').where('id', '=', member.uuid).executeTakeFirstOrThrow();
      expect(account.email).toBe(member.email);

      expect((await suspend(false)).statusCode).toBe(200);
      expect((await verify(token)).json()).toEqual({ email: newEmail, changed: true });
    });

    it('says so when the new address became another account’s meanwhile, and changes nothing', async () => {
      const member = await registerMember(test.app);
      const newEmail = `convoitee-${member.uuid.slice(0, 8)}@exemple.fr`;
      expect((await changeEmail(member, newEmail)).statusCode).toBe(202);
      const token = tokenOf(await mailTo(newEmail, CHANGE_SUBJECT));
      await registerMember(test.app, { email: newEmail });

      const response = await verify(token);
      expect([response.statusCode, response.json().error]).toEqual([
        409,
        {
          code: 'users/new-email-taken',
          message: "Cette adresse mail est entre-temps devenue celle d'un autre compte : ton adresse n'a pas changé 🙁",
        },
      ]);
      expect((await me(member.cookie)).email).toBe(member.email);
      expect(await loginStatus(member.email, member.password)).toBe(200);
    });

    it('confirms only the latest request', async () => {
      const member = await registerMember(test.app);
      const [first, second] = ['premiere', 'seconde'].map((name) => `${name}-${member.uuid.slice(0, 8)}@exemple.fr`);
      expect((await changeEmail(member, first)).statusCode).toBe(202);
      const firstToken = tokenOf(await mailTo(first, CHANGE_SUBJECT));
      expect((await changeEmail(member, second)).statusCode).toBe(202);
      expect(await pending(member)).toBe(second);
      expect((await verify(firstToken)).json().error.code).toBe('users/verification-link-invalid');
      expect((await verify(tokenOf(await mailTo(second, CHANGE_SUBJECT)))).json()).toEqual({ email: second, changed: true });
    });

    it('leaves a change waiting when the current address is proven meanwhile', async () => {
      const member = await unverifiedMember();
      const oldToken = tokenOf(await mailTo(member.email, VERIFY_SUBJECT));
      const newEmail = `attente-${member.uuid.slice(0, 8)}@exemple.fr`;
      expect((await changeEmail(member, newEmail)).statusCode).toBe(202);
      const newToken = tokenOf(await mailTo(newEmail, CHANGE_SUBJECT));
      // Proving the current address spends that address's links only.
      expect((await verify(oldToken)).json()).toEqual({ email: member.email, changed: false });
      expect(await pending(member)).toBe(newEmail);
      expect((await verify(newToken)).json()).toEqual({ email: newEmail, changed: true });
    });

    it('keeps the first proof’s time when the address is proven again, and gives a new address its own', async () => {
      const member = await registerMember(test.app);
      const firstProof = new Date('2025-03-01T10:00:00Z');
      await test.database.db.updateTable('users').set({ email_verified_at: firstProof }).where('id', '=', member.uuid).execute();
      const verifiedAt = async () =>
        (await test.database.db.selectFrom('users').select('email_verified_at').where('id', '=', member.uuid).executeTakeFirstOrThrow()).email_verified_at;

      const link = await issueVerificationLink(test.database.db, test.config.public, member.uuid, member.email);
      expect((await verify(link.split('/').at(-1)!)).json()).toEqual({ email: member.email, changed: false });
      expect(await verifiedAt()).toEqual(firstProof);

      const newEmail = `prouvee-${member.uuid.slice(0, 8)}@exemple.fr`;
      expect((await changeEmail(member, newEmail)).statusCode).toBe(202);
      expect((await verify(tokenOf(await mailTo(newEmail, CHANGE_SUBJECT)))).json()).toEqual({ email: newEmail, changed: true });
      expect((await verifiedAt())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('verifies the new address of an unverified member, and spends the old address’s link', async () => {
      const member = await unverifiedMember();
      const oldToken = tokenOf(await mailTo(member.email, VERIFY_SUBJECT));
      const newEmail = `verifiee-${member.uuid.slice(0, 8)}@exemple.fr`;
      expect((await changeEmail(member, newEmail)).statusCode).toBe(202);
      expect((await me(member.cookie)).emailVerified).toBe(false);
      expect((await verify(tokenOf(await mailTo(newEmail, CHANGE_SUBJECT)))).statusCode).toBe(200);
      expect(await me(member.cookie)).toMatchObject({ email: newEmail, emailVerified: true });
      expect((await verify(oldToken)).json().error.code).toBe('users/verification-link-used');
      // The session opened with the old address goes on; the new one signs in.
      expect(await login(test.app, newEmail, member.password)).toBeTruthy();
    });
  });

  it('greets a person by first name and an organisation by its name, in every mail', () => {
    expect(greetingName({ account_type: 'user', firstname: 'Camille', username: 'camille_m' })).toBe('Camille');
    expect(greetingName({ account_type: 'user', firstname: '', username: 'camille_m' })).toBe('camille_m');
    expect(greetingName({ account_type: 'organisation', firstname: 'Camille', username: 'Club Vérif' })).toBe('Club Vérif');
  });
});
