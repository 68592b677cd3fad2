import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../../../shared/routes';
import { setUpTestApp } from '../../testing/test-app';

describe('sitemap.xml and robots.txt', () => {
  const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.example/' });

  it('lists every public page at its canonical address', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PATHS.map((path) => `https://unissons.example${path}`));
    expect(locations).toContain('https://unissons.example/calshare/wiki/submit_trip');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('keeps private pages out of search engines and points to the sitemap', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/account', '/api/', '/leave-a-print', '/calshare/surveys/', '/newsletter-unsubscribe/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://unissons.example/sitemap.xml');
    expect(lines.some((line) => line === 'Disallow: /calshare' || line === 'Disallow: /')).toBe(false);
  });
});
