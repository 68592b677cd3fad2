import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_LEGAL_NOTICE, LEGAL_NOTICE_PART, PRIVACY_CONTACT_PART, type LegalNotice } from '../../../shared/legal-notice';
import { TEXT_PARTS } from '../../../shared/text-pages';
import { setUpBuiltClient, type BuiltPage } from '../../platform/testing/built-client';
import { describeOnPostgresql } from '../../platform/testing/postgresql-only';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { setUpInstances } from '../../testing/instances';
import { setUpTestApp } from '../../testing/test-app';

// The two pages with the places the server fills: the facts', and the published texts' it writes there too.
const PAGES: Record<string, BuiltPage> = {
  '/mentions-legales': { places: [LEGAL_NOTICE_PART, TEXT_PARTS.legalNoticeText] },
  '/calshare/privacy_policy': { places: [TEXT_PARTS.privacyPolicyHeading, TEXT_PARTS.privacyPolicyContents, TEXT_PARTS.privacyPolicyBody, PRIVACY_CONTACT_PART] },
};

const FROM_ENV = {
  LEGAL_ASSOCIATION_NAME: 'Unissons depuis l’environnement',
  LEGAL_ADDRESS: '1 place Bellecour, 69002 Lyon',
  LEGAL_DIRECTOR: 'Alex Dupont',
  LEGAL_HOST_NAME: 'Hébergeur SAS',
  LEGAL_RNA: 'w691234567',
  CONTACT_EMAIL: 'bonjour@unissons.example',
};

const filled: LegalNotice = {
  associationName: 'Unissons & Cie',
  address: '12 rue du Stade, 69007 Lyon',
  phone: '04 72 00 00 00',
  email: 'contact@unissons.fr',
  director: 'Camille <Martin>',
  hostName: 'OVH SAS',
  hostAddress: '2 rue Kellermann, 59100 Roubaix',
  hostPhone: '+33 9 72 10 10 07',
  rna: '',
  siret: '12345678901234',
  federation: 'Fédération française de rugby',
};

describe('the legal notice’s facts', () => {
  const test = setUpTestApp({ ...FROM_ENV, CLIENT_DIR: setUpBuiltClient(PAGES) });
  let admin: TestMember;
  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  const publicNotice = async () => (await test.app.inject({ method: 'GET', url: '/api/legal-notice' })).json();
  const save = (payload: unknown, cookie: string | null = admin.cookie) =>
    test.app.inject({ method: 'PUT', url: '/api/admin/settings/legal-notice', headers: cookie ? { cookie } : {}, payload: payload as object });
  const page = async (url: string) => (await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })).body;

  it('come from the environment at first, the e-mail from CONTACT_EMAIL, for everyone to read', async () => {
    const expected = {
      ...EMPTY_LEGAL_NOTICE,
      associationName: 'Unissons depuis l’environnement',
      address: '1 place Bellecour, 69002 Lyon',
      director: 'Alex Dupont',
      hostName: 'Hébergeur SAS',
      rna: 'W691234567',
      email: 'bonjour@unissons.example',
    };
    expect(await publicNotice()).toEqual(expected);
    const admins = await test.app.inject({ method: 'GET', url: '/api/admin/settings/legal-notice', headers: { cookie: admin.cookie } });
    expect(admins.json()).toEqual(expected);
  });

  it('are in the HTML of /mentions-legales and of the privacy policy, saying what is missing', async () => {
    const notice = await page('/mentions-legales');
    expect(notice).toContain('<dt>Adresse du siège</dt><dd>1 place Bellecour, 69002 Lyon</dd>');
    expect(notice).toContain('<dt>Téléphone</dt><dd><span class="legal-notice__missing">non renseigné</span></dd>');
    expect(notice).toContain('W691234567');
    const policy = await page('/calshare/privacy_policy');
    expect(policy).toContain('<a href="mailto:bonjour@unissons.example">bonjour@unissons.example</a>');
    expect(policy).toContain('Unissons depuis l’environnement');
  });

  it('change when an admin saves them, whole, in the journal and in the served pages at once', async () => {
    const response = await save({ ...filled, email: ' Contact@Unissons.FR ', siret: '123 456 789 01234' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(filled);
    // Saved facts win over the environment, an emptied one (the RNA) included.
    expect(await publicNotice()).toEqual(filled);

    const [row] = await test.database.db
      .selectFrom('journal')
      .selectAll()
      .where('target_id', '=', 'legal_notice')
      .orderBy('id', 'desc')
      .execute();
    expect(row).toMatchObject({ actor_id: admin.uuid, kind: 'settings/update', target_type: 'settings' });
    expect(row.summary).toContain('Mentions légales : ');
    expect(row.summary).toContain('adresse du siège');
    expect(row.details).toMatchObject({ rna: { from: 'W691234567', to: '' }, siret: { from: '', to: '12345678901234' } });

    const notice = await page('/mentions-legales/');
    expect(notice).toContain('<dd>Unissons &amp; Cie</dd>');
    expect(notice).toContain('<dd>Camille &lt;Martin&gt;</dd>');
    expect(notice).toContain('<a href="tel:+33972101007">+33 9 72 10 10 07</a>');
    expect(notice).toContain('Fédération française de rugby');
    expect(notice).not.toContain('RNA');
    expect(notice).not.toContain('non renseign');
    expect(notice).not.toContain('Bellecour');
    const policy = await page('/calshare/privacy_policy');
    expect(policy).toContain('<dd>12 rue du Stade, 69007 Lyon</dd>');
    expect(policy).toContain('mailto:contact@unissons.fr');
    expect(policy).not.toContain('bonjour@unissons.example');
  });

  it('refuses a wrong fact with its French message, and a malformed body, changing nothing', async () => {
    for (const [fact, message] of [
      [{ phone: '12' }, 'Téléphone : indique un numéro comme 01 23 45 67 89 ou +33 1 23 45 67 89.'],
      [{ email: 'contact@' }, 'Adresse mail : indique une adresse comme contact@association.fr.'],
      [{ rna: '691234567' }, 'Numéro RNA : la lettre W suivie de 9 chiffres, comme W123456789.'],
      [{ siret: '1234' }, 'Numéro SIRET : 14 chiffres.'],
      [{ address: 'x'.repeat(301) }, 'Adresse du siège : 300 caractères au plus.'],
    ] as const) {
      const response = await save({ ...filled, ...fact });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toEqual({ code: 'settings/invalid-legal-notice', message });
    }
    const { associationName: _name, ...withoutName } = filled;
    for (const payload of [withoutName, { ...filled, other: 'x' }, { ...filled, phone: 4 }]) {
      expect((await save(payload)).json().error.code).toBe('http/bad-request');
    }
    expect(await publicNotice()).toEqual(filled);
  });

  it('are for admins to change and to read in full', async () => {
    const member = await registerMember(test.app);
    expect((await save(EMPTY_LEGAL_NOTICE, member.cookie)).statusCode).toBe(403);
    expect((await save(EMPTY_LEGAL_NOTICE, null)).statusCode).toBe(401);
    const read = await test.app.inject({ method: 'GET', url: '/api/admin/settings/legal-notice', headers: { cookie: member.cookie } });
    expect(read.statusCode).toBe(403);
    expect(await publicNotice()).toEqual(filled);
  });

  it('fall back to the environment’s when the stored row is damaged', async () => {
    await test.database.db.updateTable('settings').set({ value: JSON.stringify({ ...filled, siret: 'beaucoup' }) }).where('key', '=', 'legal_notice').execute();
    expect((await publicNotice()).associationName).toBe('Unissons depuis l’environnement');
  });
});

// Several instances share one PostgreSQL: the other instance's served page must not keep the old facts.
describeOnPostgresql('the legal notice on two instances', () => {
  const site = setUpInstances({ count: 2, env: { CLIENT_DIR: setUpBuiltClient(PAGES), AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });

  it('is served anew by the other instance once an admin saves it', async () => {
    const { database } = site;
    const [one, two] = site.apps;
    const served = async () => (await two.inject({ method: 'GET', url: '/mentions-legales', headers: { 'accept-encoding': 'identity' } })).body;
    // Warm the second instance's cached page.
    expect(await served()).toContain('<span class="legal-notice__missing">non renseignée</span>');
    const admin = await registerAdmin(one, database);
    const saved = await one.inject({ method: 'PUT', url: '/api/admin/settings/legal-notice', headers: { cookie: admin.cookie }, payload: filled });
    expect(saved.statusCode).toBe(200);
    const started = Date.now();
    while (!(await served()).includes('12 rue du Stade') && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await served()).toContain('<dd>12 rue du Stade, 69007 Lyon</dd>');
  });
});
