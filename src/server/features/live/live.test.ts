import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { announce, LIVE_CHANNEL } from './announce';

/** Reads Server-Sent Events from a real HTTP connection until `stop` says so. */
async function readEvents(url: string, stop: (events: { event: string; data: string }[]) => boolean) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  return {
    headers: response.headers,
    async next() {
      while (!stop(events)) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ?? '' });
        }
      }
      return events;
    },
    close: () => controller.abort(),
  };
}

describe('GET /api/live', () => {
  let test: TestApp;
  let base: string;

  beforeAll(async () => {
    test = await createTestApp();
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await test.close();
  });

  it('streams a change announced by the app', async () => {
    const stream = await readEvents(`${base}/api/live`, (events) => events.length > 0);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await announce(test.database.db, 'words', { id: 'w1' });
    const events = await stream.next();
    expect(events[0]).toEqual({ event: 'words', data: '{"id":"w1"}' });
    stream.close();
  });

  it('relays a NOTIFY sent from a second database connection within a second', async () => {
    const stream = await readEvents(`${base}/api/live`, (events) => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sentAt = Date.now();
    const payload = JSON.stringify({ topic: 'sports' });
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      // A separate client on the same database, as another server instance would be.
      const client = new pg.Client({ connectionString: test.database.url });
      await client.connect();
      await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
      await client.end();
    } else {
      // PGlite has a single connection: the notice comes through it, as from any writer.
      await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(test.database.db);
    }
    const events = await stream.next();
    expect(events[0]?.event).toBe('sports');
    expect(Date.now() - sentAt).toBeLessThan(1000);
    stream.close();
  });

  it('ignores notices with an unknown topic', async () => {
    const stream = await readEvents(`${base}/api/live`, (events) => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ topic: 'passwords' })})`.execute(test.database.db);
    await sql`select pg_notify(${LIVE_CHANNEL}, 'not json')`.execute(test.database.db);
    await test.database.db.transaction().execute(async (trx) => {
      await announce(trx, 'counter');
    });
    const events = await stream.next();
    expect(events.map((event) => event.event)).toEqual(['counter']);
    stream.close();
  });

  it('ends open streams when the app closes', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${url}/api/live`, () => false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    await expect(stream.next()).resolves.toEqual([]);
  });
});
