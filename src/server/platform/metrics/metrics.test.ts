import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerMember } from '../testing/members';
import { METRICS_PATH } from './metrics';

const TOKEN = 'metrics-token-of-the-test-0123456789abcdef';

describe('without METRICS_TOKEN', () => {
  const test = setUpTestApp();

  it('has no /metrics', async () => {
    const answer = await test.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).not.toBe(200);
    expect(answer.body).not.toContain('unissons_');
  });
});

describe('with METRICS_TOKEN', () => {
  const test = setUpTestApp({ METRICS_TOKEN: TOKEN });
  const scrape = (authorization?: string) =>
    test.app.inject({ method: 'GET', url: METRICS_PATH, headers: authorization === undefined ? {} : { authorization } });

  it('answers only the bearer of the token', async () => {
    for (const authorization of [undefined, TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`]) {
      const answer = await scrape(authorization);
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).toBe('');
    }
  });

  it("is scraped in Prometheus' format: latency per route pattern, live streams, connections, the sending queue, Node's own", async () => {
    const { db } = test.database;
    await test.app.inject({ method: 'GET', url: '/api/words' });
    await test.app.inject({ method: 'DELETE', url: '/api/admin/organisations/allowlist/lea%40exemple.fr' });
    const members = [await registerMember(test.app), await registerMember(test.app)];
    // Two deliveries due in a year: queued, and left alone by the worker meanwhile.
    const { id } = await db
      .insertInto('newsletters')
      .values({ title: 'Nouvelles', description: '', letter: 'Bonjour', created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 365 * 86_400_000);
    await db
      .insertInto('newsletter_deliveries')
      .values(members.map(({ uuid: userId, email }) => ({ newsletter_id: id, user_id: userId, email, name: 'Léa', available_at: later })))
      .execute();

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    expect(text).toMatch(/^unissons_http_request_duration_seconds_count\{method="GET",route="\/api\/words",status="200"\} 1$/m);
    // The route's pattern, never the address in the URL.
    expect(text).toContain('route="/api/admin/organisations/allowlist/:email"');
    expect(text).not.toMatch(/lea|exemple/);
    expect(text).toMatch(/^unissons_live_streams 0$/m);
    expect(text).toMatch(/^unissons_database_connections\{state="open"\} [1-9]\d*$/m);
    expect(text).toMatch(/^unissons_newsletter_deliveries_queued\{status="pending"\} 2$/m);
    expect(text).toMatch(/^unissons_newsletter_deliveries_queued\{status="sending"\} 0$/m);
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
  });
});

describe("deploy/grafana-dashboard.json", () => {
  const test = setUpTestApp({ METRICS_TOKEN: TOKEN });

  it("is a dashboard Grafana imports, asking only for series /metrics gives", async () => {
    const dashboard = JSON.parse(fs.readFileSync(new URL('../../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as {
      uid: string;
      title: string;
      schemaVersion: number;
      templating: { list: { name: string; type: string; query: string }[] };
      panels: { id: number; title: string; datasource: { uid: string }; targets: { expr: string; refId: string }[] }[];
    };
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }));
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    const answer = await test.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    // A histogram's series are its _bucket, _sum and _count.
    const series = new Set(answer.body.split('\n').filter((line) => line.startsWith('# TYPE ')).flatMap((line) => {
      const [, , name, type] = line.split(' ');
      return type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
    }));
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe('${datasource}');
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const names = expr.match(/\b(?:unissons|nodejs|process)_[a-z0-9_]+/g) ?? [];
        expect(names.length, expr).toBeGreaterThan(0);
        for (const name of names) expect(series, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });
});
