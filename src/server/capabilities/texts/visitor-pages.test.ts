import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LEGAL_NOTICE_PART, PRIVACY_CONTACT_PART } from '../../../shared/legal-notice';
import { TEXT_PARTS, type PublishedText } from '../../../shared/text-pages';
import { textMessages, type TextDetail, type TextVersion } from '../../../shared/texts';
import { setUpBuiltClient, type BuiltPage } from '../../platform/testing/built-client';
import { registerAdmin, registerEditor, type TestMember } from '../../platform/testing/members';
import { describeOnPostgresql } from '../../platform/testing/postgresql-only';
import { setUpInstances } from '../../testing/instances';
import { setUpTestApp } from '../../testing/test-app';

const HEAD =
  '<title>Politique de confidentialité · Unissons</title><meta name="description" content="Du build"/><link rel="canonical" href="https://unissons.fr/calshare/privacy_policy"/><meta property="og:title" content="Politique de confidentialité · Unissons"/><meta property="og:description" content="Du build"/>';

/** The pages with the places the server fills, as the build leaves them. */
const PAGES: Record<string, BuiltPage> = {
  '/': { head: HEAD },
  '/calshare/privacy_policy': {
    head: HEAD,
    places: [
      TEXT_PARTS.privacyPolicyHeading,
      TEXT_PARTS.privacyPolicyContents,
      { name: TEXT_PARTS.privacyPolicyBody, className: 'prose legal-page__body' },
      PRIVACY_CONTACT_PART,
    ],
  },
  '/mentions-legales': { head: HEAD, places: [LEGAL_NOTICE_PART, { name: TEXT_PARTS.legalNoticeText, className: 'prose legal-notice__text' }] },
};

// The WinAnsi codes above Latin-1 (Node's decoders read them as Latin-1).
const WIN_ANSI: Record<string, string> = { '\u0080': '€', '\u0092': '’', '\u009c': 'œ', '\u0096': '–' };

/** The text drawn in a (compressed) pdfkit document, without its spaces. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const streams = [...source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    try {
      return zlib.inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      return match[1];
    }
  });
  const pieces = streams.flatMap((stream) => [...stream.matchAll(/<([0-9a-f]+)>/gi)].map((match) => Buffer.from(match[1], 'hex').toString('latin1')));
  return pieces.join('').replace(/[\u0080-\u009f]/g, (char) => WIN_ANSI[char] ?? char).replace(/\s+/g, '');
}

const served = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};

async function publish(app: FastifyInstance, member: TestMember, id: string, changes: Partial<TextVersion>): Promise<TextDetail> {
  const { published } = (await app.inject({ method: 'GET', url: `/api/admin/texts/${id}`, headers: { cookie: member.cookie } })).json() as TextDetail;
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/texts/${id}/publish`,
    headers: { cookie: member.cookie },
    payload: { title: published.title, description: published.description, applicable: published.applicable, body: published.body, baseVersion: published.version, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function restore(app: FastifyInstance, member: TestMember, id: string, version: number) {
  const response = await app.inject({ method: 'POST', url: `/api/admin/texts/${id}/versions/${version}/restore`, headers: { cookie: member.cookie } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('visitors get the published texts', () => {
  const test = setUpTestApp({ CLIENT_DIR: setUpBuiltClient(PAGES), PROJECT_NAME: 'Unissons', APP_NAME: 'CalShare', PUBLIC_URL: 'https://unissons.fr' });
  let editor: TestMember;
  beforeAll(async () => {
    editor = await registerEditor(test.app, test.database);
  });

  it('in the pages the server sends, from the site’s original texts, placeholders filled as the build fills them', async () => {
    const home = await served(test.app, '/');
    expect(home).toContain('<h2><span data-server-part="founders-message-title">Le mot des fondateurs</span></h2>');
    expect(home).toContain('<div data-server-part="founders-message" class="prose"><p>Tout est parti de week-ends');
    expect(home).toContain('Unissons est une association à but non lucratif');
    expect(home).toContain('en commençant par CalShare');
    expect(home).not.toContain('{projectName}');

    const policy = await served(test.app, '/calshare/privacy_policy');
    expect(policy).toContain('<div data-server-part="privacy-policy-heading"><h1>Politique de confidentialité</h1><p class="legal-page__date">Applicable à compter du 1er\u00a0novembre\u00a02023</p></div>');
    expect(policy).toMatch(/<div data-server-part="privacy-policy-contents"><ol role="list"><li><a href="#s-1-generalites">1\. Généralités<\/a>/);
    expect(policy).toContain('<h3 id="s-7-1-droit-d-acces"><a class="heading-link" href="#s-7-1-droit-d-acces">');
    expect(policy).toContain('<div class="table-scroll" tabindex="0" role="region"');
    // French spacing, as the build made it.
    expect(policy).toContain('\u00a0:');

    const notice = await served(test.app, '/mentions-legales');
    expect(notice).toContain('<div data-server-part="legal-notice-text" class="prose legal-notice__text"><h2 id="s-propriete-intellectuelle">');
    expect(notice).toContain('l’association Unissons'.replace('’', "'"));
  });

  it('after a publication, at once: pages, their title and description, the API a navigation loads, and the PDF', async () => {
    const policy = await publish(test.app, editor, 'privacy-policy', {
      title: 'Vie privée chez {projectName}',
      description: 'Nouvelle description & "guillemets"',
      body: '## 1. Ce qui change\n\nUn texte **nouveau** pour <script>alert(1)</script> les visiteurs.\n\n### 1.1 Détail\n\nVoir [ailleurs](https://exemple.fr).\n',
    });
    expect(policy.published.version).toBe(2);
    await publish(test.app, editor, 'founders-message', { title: 'Le mot de l’équipe de {projectName} & co', body: 'Un mot **nouveau** des fondateurs de {projectName}.' });
    await publish(test.app, editor, 'legal-notice', { body: '## Crédits\n\nPhotos de nos bénévoles.' });
    await publish(test.app, editor, 'conditions-utilisation', { body: '## 1. Objet\n\nUne clause toute neuve de {projectName}, 5 € au plus.' });

    const page = await served(test.app, '/calshare/privacy_policy');
    expect(page).toContain('<h1>Vie privée chez Unissons</h1>');
    expect(page).toContain('<title>Vie privée chez Unissons · Unissons</title>');
    expect(page).toContain('<meta name="description" content="Nouvelle description &amp; &quot;guillemets&quot;"/>');
    expect(page).toContain('<meta property="og:title" content="Vie privée chez Unissons · Unissons"/>');
    expect(page).toContain('<li><a href="#s-1-ce-qui-change">1. Ce qui change</a><ol role="list"><li><a href="#s-1-1-detail">1.1 Détail</a></li></ol></li>');
    expect(page).toContain('Un texte <strong>nouveau</strong> pour &lt;script&gt;alert(1)&lt;/script&gt; les visiteurs.');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('<a href="https://exemple.fr" rel="noopener noreferrer">ailleurs</a>');
    expect(page).not.toContain('Généralités');

    const home = await served(test.app, '/');
    expect(home).toContain('<p>Un mot <strong>nouveau</strong> des fondateurs de Unissons.</p>');
    expect(home).toContain('<h2><span data-server-part="founders-message-title">Le mot de l’équipe de Unissons &amp; co</span></h2>');
    expect(await served(test.app, '/mentions-legales')).toContain('<h2 id="s-credits"><a class="heading-link" href="#s-credits">Crédits</a></h2>\n<p>Photos de nos bénévoles.</p>');

    const loaded = (await test.app.inject({ method: 'GET', url: '/api/texts/privacy-policy' })).json() as PublishedText;
    expect(loaded).toMatchObject({ id: 'privacy-policy', version: 2, title: 'Vie privée chez Unissons', description: 'Nouvelle description & "guillemets"' });
    expect(page).toContain(loaded.html);

    const pdf = await test.app.inject({ method: 'GET', url: '/legal/conditions-utilisation.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('UneclausetouteneuvedeUnissons,5€auplus.');
    // The browser asks each time, and gets a 304 while it holds this version.
    const again = await test.app.inject({ method: 'GET', url: '/legal/conditions-utilisation.pdf', headers: { 'if-none-match': String(pdf.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('after a restoration, the old text again, in the pages and the PDF', async () => {
    await restore(test.app, editor, 'privacy-policy', 1);
    await restore(test.app, editor, 'founders-message', 1);
    await restore(test.app, editor, 'legal-notice', 1);
    await restore(test.app, editor, 'conditions-utilisation', 1);
    const page = await served(test.app, '/calshare/privacy_policy');
    expect(page).toContain('<h1>Politique de confidentialité</h1>');
    expect(page).toContain('1. Généralités');
    expect(page).not.toContain('Ce qui change');
    expect(await served(test.app, '/')).toContain('Tout est parti de week-ends');
    expect(await served(test.app, '/mentions-legales')).toContain('Propriété intellectuelle');
    const pdf = await test.app.inject({ method: 'GET', url: '/legal/conditions-utilisation.pdf' });
    expect(pdfText(pdf.rawPayload)).not.toContain('touteneuve');
    expect(pdfText(pdf.rawPayload)).toContain("Conditionsd'utilisation");
  });

  it('serves the three legal PDFs, and nothing else under /legal or /api/texts', async () => {
    for (const slug of ['conditions-utilisation', 'politique-remboursement', 'frais-de-service']) {
      const pdf = await test.app.inject({ method: 'GET', url: `/legal/${slug}.pdf` });
      expect(pdf.statusCode, slug).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await test.app.inject({ method: 'GET', url: '/legal/privacy-policy.pdf' })).statusCode).toBe(404);
    // A character the PDF's fonts cannot draw is refused at publication, said in French; a page's text takes it.
    const { published } = (await test.app.inject({ method: 'GET', url: '/api/admin/texts/frais-de-service', headers: { cookie: editor.cookie } })).json() as TextDetail;
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/admin/texts/frais-de-service/publish',
      headers: { cookie: editor.cookie },
      payload: { title: published.title, description: published.description, applicable: published.applicable, body: `Bravo 🎉\n\n${published.body}`, baseVersion: published.version },
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([400, textMessages.notInPdf('🎉')]);
    await publish(test.app, editor, 'founders-message', { body: 'Bravo 🎉 à toutes et tous.' });
    expect(await served(test.app, '/')).toContain('Bravo 🎉 à toutes et tous.');
    expect((await test.app.inject({ method: 'GET', url: '/api/texts/conditions-utilisation' })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/texts/wiki-home' })).statusCode).toBe(404);
  });
});

// Several instances share one PostgreSQL: a visitor of the other instance reads the new text within seconds.
describeOnPostgresql('the published texts on two instances', () => {
  const site = setUpInstances({ count: 2, env: { CLIENT_DIR: setUpBuiltClient(PAGES), AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });

  it('from ‘Publier’ on one to the new text in a visitor’s page on the other', async () => {
    const { database } = site;
    const [one, two] = site.apps;
    const admin = await registerAdmin(one, database);
    // Twice: the page filled again after the first publication must be dropped by the second too.
    for (const round of [1, 2]) {
      // The other instance's page is warm, as a visited site's is.
      await served(two, '/calshare/privacy_policy');
      const marker = `Version de test numéro ${round} publiée`;
      await publish(one, admin, 'privacy-policy', { body: `## Essai\n\n${marker}.\n` });
      // That it arrives, with room for a loaded machine; how fast: bench/texts.mjs.
      await vi.waitFor(async () => expect(await served(two, '/calshare/privacy_policy')).toContain(marker), { timeout: 15_000, interval: 20 });
    }
  });
});
