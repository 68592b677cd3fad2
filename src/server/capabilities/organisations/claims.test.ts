import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CapturedMail } from '../../platform/testing/mailbox';
import { login, registerAdmin, registerMember, STRONG_PASSWORD } from '../../platform/testing/members';
import { proofOfWork } from '../../platform/testing/proof-of-work';
import { setUpTestApp } from '../../testing/test-app';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { applyRetention } from '../../platform/jobs/retention';
import { capabilities } from '../index';

const VERIFY_SUBJECT = 'Confirme ton adresse mail';
const CLAIM_SUBJECT = 'Confirme ton compte organisation';
const SQUATTER_PASSWORD = 'Squatteur-Tenace-2025!';

describe('organisation accounts claimed by verification (decision 0026)', () => {
  const test = setUpTestApp();

  /** A fresh allowlisted address, as the admin would have added it. */
  async function allowedAddress() {
    const email = `club-${randomBytes(4).toString('hex')}@exemple.fr`;
    await test.database.db.insertInto('organisation_allowlist').values({ email }).execute();
    return email;
  }
  const registerOrganisation = async (email: string, username: string, pwd = STRONG_PASSWORD) =>
    test.app.inject({
      method: 'POST',
      url: '/api/fn/users-registerOrganisation',
      payload: { email, username, pwd, ...(await proofOfWork(test.app)) },
    });
  const verify = (token: string) => test.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const guide = async () =>
    (await test.app.inject({ method: 'POST', url: '/api/fn/users-getOrganisations', payload: {} })).json<{ data: { username: string }[] }>().data.map((item) => item.username);
  const mailsTo = (email: string, subject: string) =>
    test.mailbox.messages.filter((mail) => mail.recipients.includes(email) && mail.parsed.subject === subject);
  const mailTo = (email: string, subject: string, nth = 0) => test.mailbox.waitFor(email, (mail) => mailsTo(email, subject).indexOf(mail) === nth);
  const tokenOf = (mail: CapturedMail) => /\/verifier-adresse\/([A-Za-z0-9_-]{43})$/m.exec(mail.parsed.text ?? '')![1];
  const holderOf = (email: string) =>
    test.database.db.selectFrom('users').select(['id', 'username', 'email_verified_at', 'newsletter']).where('email', '=', email).executeTakeFirst();

  it('leaves an organisation out of the public guide and the admin count until it opens its link', async () => {
    const admin = await registerAdmin(test.app, test.database);
    const adminView = async () =>
      (await test.app.inject({ method: 'GET', url: '/api/admin/organisations', headers: { cookie: admin.cookie } })).json();
    const email = await allowedAddress();
    expect((await registerOrganisation(email, 'Club des Goélands')).statusCode).toBe(200);
    // It may sign in at once (spec §7: registration, then sign-in), but shows nowhere yet.
    await login(test.app, email, STRONG_PASSWORD);
    expect(await guide()).not.toContain('Club des Goélands');
    let view = await adminView();
    expect(view.allowlist).toContainEqual(expect.objectContaining({ email, registered: false, awaitingVerification: true }));
    expect(view.organisations.map((organisation: { email: string }) => organisation.email)).not.toContain(email);

    expect((await verify(tokenOf(await mailTo(email, VERIFY_SUBJECT)))).statusCode).toBe(200);
    expect(await guide()).toContain('Club des Goélands');
    view = await adminView();
    expect(view.allowlist).toContainEqual(expect.objectContaining({ email, registered: true, awaitingVerification: false }));
    expect(view.organisations).toContainEqual(expect.objectContaining({ email, username: 'Club des Goélands' }));
  });

  it('gives the address to the later registration whose link is opened, in place of the account that never proved it', async () => {
    const email = await allowedAddress();
    // The squatter typed the organisation's address, and its name.
    expect((await registerOrganisation(email, 'Club Nautique', SQUATTER_PASSWORD)).statusCode).toBe(200);
    const squatter = await holderOf(email);
    const squatterCookie = await login(test.app, email, SQUATTER_PASSWORD);

    const real = await registerOrganisation(email, 'club nautique');
    expect([real.statusCode, real.json()]).toEqual([202, { data: { claimMailed: true } }]);
    // Nothing changed yet: the squatter's account holds the address until the link is opened.
    expect((await holderOf(email))?.id).toBe(squatter?.id);
    const login401 = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG_PASSWORD } });
    expect(login401.statusCode).toBe(401);

    const mail = await mailTo(email, CLAIM_SUBJECT);
    expect(mail.parsed.text).toContain('Bonjour club nautique,');
    expect(mail.parsed.text).toContain("crée le compte « club nautique » avec cette adresse, et supprime l'autre compte");
    const opened = await verify(tokenOf(mail));
    expect([opened.statusCode, opened.json()]).toEqual([200, { email, changed: false }]);

    const organisation = await holderOf(email);
    expect(organisation?.id).not.toBe(squatter?.id);
    expect(organisation?.username).toBe('club nautique');
    expect(organisation?.email_verified_at).not.toBeNull();
    expect(await guide()).toContain('club nautique');
    // The squatter's session went with its account; its password opens nothing.
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: squatterCookie } })).statusCode).toBe(401);
    await login(test.app, email, STRONG_PASSWORD);

    const again = await verify(tokenOf(mail));
    expect([again.statusCode, again.json().error.code]).toEqual([410, 'users/verification-link-used']);
  });

  it('keeps the address with its holder when the holder opens its own link first', async () => {
    const email = await allowedAddress();
    expect((await registerOrganisation(email, 'Les Randonneurs')).statusCode).toBe(200);
    expect((await registerOrganisation(email, 'Faux Randonneurs', SQUATTER_PASSWORD)).statusCode).toBe(202);
    expect((await verify(tokenOf(await mailTo(email, VERIFY_SUBJECT)))).statusCode).toBe(200);

    const late = await verify(tokenOf(await mailTo(email, CLAIM_SUBJECT)));
    expect([late.statusCode, late.json().error]).toEqual([409, { code: 'users/email-already-taken', message: 'Cette adresse mail est déjà utilisée 🙁' }]);
    expect((await holderOf(email))?.username).toBe('Les Randonneurs');
    // Once the address is proven, a registration is told it is taken, as the spec says, and mails nothing.
    const before = mailsTo(email, CLAIM_SUBJECT).length;
    const taken = await registerOrganisation(email, 'Encore Eux', SQUATTER_PASSWORD);
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'users/email-already-taken']);
    expect(mailsTo(email, CLAIM_SUBJECT)).toHaveLength(before);
  });

  it('replaces a person account that typed the address too, and only one without a role', async () => {
    const email = await allowedAddress();
    await registerMember(test.app, { email, verified: false });
    const counter = async () => (await test.app.inject({ method: 'GET', url: '/api/counter' })).json().users;
    const persons = await counter();
    expect((await registerOrganisation(email, 'Club de Judo')).statusCode).toBe(202);
    expect((await verify(tokenOf(await mailTo(email, CLAIM_SUBJECT)))).statusCode).toBe(200);
    expect(await counter()).toBe(persons - 1);
    expect((await holderOf(email))?.username).toBe('Club de Judo');

    // A moderator or admin is named by an admin: their account is not replaced this way.
    const staffEmail = await allowedAddress();
    const staff = await registerMember(test.app, { email: staffEmail, verified: false });
    await test.database.db.updateTable('users').set({ roles: ['moderator'] }).where('id', '=', staff.uuid).execute();
    const refused = await registerOrganisation(staffEmail, 'Club du Modérateur');
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'users/email-already-taken']);
  });

  it("refuses a claim whose name is another account's, and mails an address five claims an hour at most", async () => {
    const email = await allowedAddress();
    expect((await registerOrganisation(email, 'Club Occupé', SQUATTER_PASSWORD)).statusCode).toBe(200);
    const other = await registerMember(test.app);
    const named = await registerOrganisation(email, other.username.toUpperCase());
    expect([named.statusCode, named.json().error.code]).toEqual([409, 'users/username-already-taken']);

    for (let i = 0; i < 5; i++) expect((await registerOrganisation(email, `Club Insistant ${i}`)).statusCode).toBe(202);
    const sixth = await registerOrganisation(email, 'Club Insistant 5');
    expect([sixth.statusCode, sixth.json().error.code]).toEqual([429, 'http/rate-limited']);
    await mailTo(email, CLAIM_SUBJECT, 4);
    expect(mailsTo(email, CLAIM_SUBJECT)).toHaveLength(5);
  });

  it('creates nothing for an address taken off the allowlist before the link is opened', async () => {
    const email = await allowedAddress();
    expect((await registerOrganisation(email, 'Club Retiré', SQUATTER_PASSWORD)).statusCode).toBe(200);
    expect((await registerOrganisation(email, 'Club Réel')).statusCode).toBe(202);
    await test.database.db.deleteFrom('organisation_allowlist').where('email', '=', email).execute();
    const opened = await verify(tokenOf(await mailTo(email, CLAIM_SUBJECT)));
    expect([opened.statusCode, opened.json().error.code]).toEqual([403, 'users/email-unauthorized']);
    expect((await holderOf(email))?.username).toBe('Club Retiré');
  });

  raceTest('lets exactly one of several links opened at once take the address', async () => {
    const email = await allowedAddress();
    expect((await registerOrganisation(email, 'Club Pressé')).statusCode).toBe(200);
    expect((await registerOrganisation(email, 'Club Rapide')).statusCode).toBe(202);
    expect((await registerOrganisation(email, 'Club Véloce')).statusCode).toBe(202);
    const links = [
      tokenOf(await mailTo(email, VERIFY_SUBJECT)),
      tokenOf(await mailTo(email, CLAIM_SUBJECT, 0)),
      tokenOf(await mailTo(email, CLAIM_SUBJECT, 1)),
    ];
    await openConnections(test.database.db, 10);
    const answers = await Promise.all(links.map(verify));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200), JSON.stringify(answers.map((answer) => answer.json()))).toHaveLength(1);
    // The losers are told the address is taken, or (the holder's own link, when a claim won
    // first) that the link no longer exists; never a server error.
    expect(statuses.every((status) => status === 200 || status === 409 || status === 404), JSON.stringify(answers.map((answer) => answer.json()))).toBe(true);
    const holders = await test.database.db.selectFrom('users').select(['username', 'email_verified_at']).where('email', '=', email).execute();
    expect(holders).toHaveLength(1);
    expect(holders[0].email_verified_at).not.toBeNull();
  });

  it('keeps a claim 48 hours: the retention job deletes it then, used or not', async () => {
    const email = await allowedAddress();
    expect((await registerOrganisation(email, 'Club Oublié', SQUATTER_PASSWORD)).statusCode).toBe(200);
    expect((await registerOrganisation(email, 'Club Pas Pressé')).statusCode).toBe(202);
    const claims = () => test.database.db.selectFrom('organisation_claims').select(['expires_at', 'created_at', 'password_hash']).where('email', '=', email).execute();
    const [claim] = await claims();
    expect((claim.expires_at.getTime() - claim.created_at.getTime()) / 3_600_000).toBeCloseTo(48, 1);
    expect(claim.password_hash).not.toContain(STRONG_PASSWORD);
    await test.database.db.updateTable('organisation_claims').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    const counts = await applyRetention(test.database.db, capabilities);
    expect(counts.expiredOrganisationClaims).toBeGreaterThanOrEqual(1);
    expect(await claims()).toEqual([]);
  });
});
