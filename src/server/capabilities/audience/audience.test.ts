import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AUDIENCE_REFERRERS_PER_DAY, countedPage, OTHER_REFERRERS, referringSite, type AudienceReport } from '../../../shared/audience';
import { registerAdmin, registerEditor, registerMember } from '../../platform/testing/members';
import { openConnections, raceTest } from '../../platform/testing/postgresql-only';
import { setUpTestApp } from '../../testing/test-app';
import { forgetOldAudience } from './queries';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('which views count', () => {
  it('counts the public pages and the wiki articles, not a member’s, a staff page or an address holding an id', () => {
    expect(countedPage('/')).toBe('/');
    expect(countedPage('/vote?from=mail')).toBe('/vote');
    expect(countedPage('/calshare/wiki/')).toBe('/calshare/wiki');
    expect(countedPage('/calshare/wiki/search_trip#etape-2')).toBe('/calshare/wiki/search_trip');
    for (const path of ['/account', '/admin', '/admin/members/3f1c', '/newsletter-unsubscribe/0b7e6a4e-9b3c-4f6e-8a51-1d2e3f4a5b6c', '/verifier-adresse/secret', '/calshare/wiki/../admin', '/nimporte']) {
      expect(countedPage(path), path).toBeNull();
    }
  });

  it('keeps of a referrer its site alone, and nothing of the site itself', () => {
    expect(referringSite('https://www.Google.fr/search?q=covoiturage+sport', 'https://unissons.fr')).toBe('www.google.fr');
    expect(referringSite('https://unissons.fr/vote', 'https://unissons.fr')).toBe('');
    expect(referringSite('android-app://com.google.android.gm/', 'https://unissons.fr')).toBe('');
    expect(referringSite('pas une adresse', 'https://unissons.fr')).toBe('');
  });
});

describe('POST /api/audience and the admin’s report', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.fr' });
  const view = (path: string, { referrer, agent = BROWSER }: { referrer?: string; agent?: string } = {}) =>
    test.app.inject({ method: 'POST', url: '/api/audience', headers: { 'user-agent': agent, origin: 'https://unissons.fr' }, payload: { path, referrer } });

  it('adds each view to the day’s totals per page and referring site, leaves robots out, and stores nothing else', async () => {
    for (let i = 0; i < 3; i++) expect((await view('/vote', { referrer: 'https://www.google.fr/' })).statusCode).toBe(204);
    await view('/vote');
    await view('/calshare/wiki/chats', { referrer: 'https://unissons.fr/calshare' });
    // Not counted, answered the same.
    expect((await view('/account')).statusCode).toBe(204);
    expect((await view('/vote', { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).statusCode).toBe(204);
    expect((await view('/vote', { agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36' })).statusCode).toBe(204);
    expect((await view('x'.repeat(201))).statusCode).toBe(400);

    const rows = await test.database.db.selectFrom('audience_daily').selectAll().orderBy('path').orderBy('referrer').execute();
    expect(rows.map(({ path, referrer, visits }) => ({ path, referrer, visits }))).toEqual([
      { path: '/calshare/wiki/chats', referrer: '', visits: 1 },
      { path: '/vote', referrer: '', visits: 1 },
      { path: '/vote', referrer: 'www.google.fr', visits: 3 },
    ]);
    // A count per day, page and site: no column could hold an address, an agent or a time.
    expect(Object.keys(rows[0]).sort()).toEqual(['day', 'path', 'referrer', 'visits']);

    const admin = await registerAdmin(test.app, test.database);
    const member = await registerMember(test.app);
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/audience', headers: { cookie: member.cookie } })).statusCode).toBe(403);
    const report = (await test.app.inject({ method: 'GET', url: '/api/admin/audience', headers: { cookie: admin.cookie } })).json() as AudienceReport;
    expect(report.days).toHaveLength(1);
    expect(report.days[0].visits).toBe(5);
    expect(report.pages).toEqual([
      { path: '/vote', visits: 4 },
      { path: '/calshare/wiki/chats', visits: 1 },
    ]);
    expect(report.referrers).toEqual([{ site: 'www.google.fr', visits: 3 }]);
  });

  it('forgets the days older than 13 months', async () => {
    const { db } = test.database;
    await db.insertInto('audience_daily').values({ day: sql<string>`current_date - interval '14 months'`, path: '/', referrer: '', visits: 9 }).execute();
    await db.insertInto('audience_daily').values({ day: sql<string>`current_date - interval '12 months'`, path: '/', referrer: '', visits: 7 }).execute();
    expect(await forgetOldAudience(db)).toBe(1);
    const left = await db.selectFrom('audience_daily').select('visits').where('path', '=', '/').execute();
    expect(left.map((row) => row.visits)).toEqual([7]);
  });
});

describe('what one client can make of the count', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.fr' });
  const view = (path: string, address: string, referrer?: string) =>
    test.app.inject({ method: 'POST', url: '/api/audience', headers: { 'user-agent': BROWSER, origin: 'https://unissons.fr' }, payload: { path, referrer }, remoteAddress: address });
  const visits = async (where: { path?: string; referrer?: string }) => {
    let rows = test.database.db.selectFrom('audience_daily').select(sql<number>`coalesce(sum(visits), 0)::int`.as('visits'));
    if (where.path !== undefined) rows = rows.where('path', '=', where.path);
    if (where.referrer !== undefined) rows = rows.where('referrer', '=', where.referrer);
    return (await rows.executeTakeFirstOrThrow()).visits;
  };
  /** The referring sites of the day's rows, 'autres' included. */
  const sites = async () => (await test.database.db.selectFrom('audience_daily').select('referrer').distinct().where('referrer', '<>', '').execute()).map((row) => row.referrer);

  it('limits the views one address may send in a minute, other addresses unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await view('/vote', '10.0.1.1')).statusCode);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const limited = await view('/vote', '10.0.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('http/rate-limited');
    expect((await view('/vote', '10.0.1.2')).statusCode).toBe(204);
    expect(await visits({ path: '/vote' })).toBe(61);
  });

  it('counts a wiki article only while visitors can read it', async () => {
    const editor = await registerEditor(test.app, test.database);
    const show = (id: string, hidden: boolean) =>
      test.app.inject({ method: 'PUT', url: `/api/admin/wiki/articles/${id}/visibility`, headers: { cookie: editor.cookie }, payload: { hidden } });
    expect((await view('/calshare/wiki/nexiste-pas', '10.0.2.1')).statusCode).toBe(204);
    expect(await visits({ path: '/calshare/wiki/nexiste-pas' })).toBe(0);
    expect((await show('profile', true)).statusCode).toBe(200);
    expect((await view('/calshare/wiki/profile', '10.0.2.1')).statusCode).toBe(204);
    expect(await visits({ path: '/calshare/wiki/profile' })).toBe(0);
    expect((await show('profile', false)).statusCode).toBe(200);
    await view('/calshare/wiki/profile', '10.0.2.1');
    expect(await visits({ path: '/calshare/wiki/profile' })).toBe(1);
  });

  it(`counts ${AUDIENCE_REFERRERS_PER_DAY} referring sites a day apart, and the views from further ones as '${OTHER_REFERRERS}'`, async () => {
    await test.database.db.deleteFrom('audience_daily').execute();
    const site = (i: number) => `https://site-${i}.example/`;
    for (let i = 0; i < AUDIENCE_REFERRERS_PER_DAY; i++) await view('/', `10.0.3.${i}`, site(i));
    await view('/vote', '10.0.4.1', site(AUDIENCE_REFERRERS_PER_DAY));
    await view('/calshare', '10.0.4.1', site(AUDIENCE_REFERRERS_PER_DAY + 1));
    // A site counted already keeps its own row, on any page; a view from no site is no site.
    await view('/vote', '10.0.4.1', site(0));
    await view('/vote', '10.0.4.1');

    expect(await sites()).toHaveLength(AUDIENCE_REFERRERS_PER_DAY + 1);
    expect(await visits({ referrer: OTHER_REFERRERS })).toBe(2);
    expect(await visits({ referrer: 'site-0.example' })).toBe(2);
    expect(await visits({ referrer: '' })).toBe(1);
  });

  raceTest('gives the day’s last place to one of several new sites coming at once', async () => {
    await test.database.db.deleteFrom('audience_daily').execute();
    for (let i = 0; i < AUDIENCE_REFERRERS_PER_DAY - 1; i++) await view('/', `10.0.5.${i}`, `https://site-${i}.example/`);
    await openConnections(test.database.db, 10);
    await Promise.all(Array.from({ length: 10 }, (_, i) => view('/vote', `10.0.6.${i}`, `https://nouveau-${i}.example/`)));
    expect(await sites()).toHaveLength(AUDIENCE_REFERRERS_PER_DAY + 1);
    expect(await visits({ referrer: OTHER_REFERRERS })).toBe(9);
  });
});
