import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countedPage, referringSite, type AudienceReport } from '../../../shared/audience';
import { registerAdmin, registerMember } from '../../platform/testing/members';
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
