import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isApiErrorBody, type ApiErrorBody } from '../../../shared/api-error';
import { ConfigError, readConfig } from '../../config';
import { registerAdmin, registerMember } from '../testing/members';
import { createTestApp } from '../../testing/test-app';
import { announce, LIVE_CHANNEL } from './announce';
import { NOTICE_INTERVAL_MS } from './live-hub';
import { listeningTestApp, readEvents } from '../../testing/streams';

describe('GET /api/live', () => {
  const listening = listeningTestApp();

  it('streams a change announced by the app', async () => {
    const stream = await readEvents(`${listening.base}/api/live`, (events) => events.length > 0);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await announce(listening.test.database.db, 'words', { id: 'w1' });
    const events = await stream.next();
    expect(events[0]).toEqual({ event: 'words', data: '{"id":"w1"}' });
    stream.close();
  });

  it('relays a NOTIFY sent from a second database connection', async () => {
    const stream = await readEvents(`${listening.base}/api/live`, (events) => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const payload = JSON.stringify({ topic: 'sports' });
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      // A separate client on the same database, as another server instance would be.
      const client = new pg.Client({ connectionString: listening.test.database.url });
      await client.connect();
      await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
      await client.end();
    } else {
      // PGlite has a single connection: the notice comes through it, as from any writer.
      await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(listening.test.database.db);
    }
    // That it arrives, however loaded the machine; how fast: bench/live.mjs, and bench/scale-out.mjs from another instance.
    const events = await stream.nextWithin(15_000);
    expect(events[0]?.event).toBe('sports');
    stream.close();
  });

  it('ignores notices with an unknown topic', async () => {
    const stream = await readEvents(`${listening.base}/api/live`, (events) => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ topic: 'passwords' })})`.execute(listening.test.database.db);
    await sql`select pg_notify(${LIVE_CHANNEL}, 'not json')`.execute(listening.test.database.db);
    await listening.test.database.db.transaction().execute(async (trx) => {
      await announce(trx, 'counter');
    });
    const events = await stream.next();
    expect(events.map((event) => event.event)).toEqual(['counter']);
    stream.close();
  });

  it('keeps admin topics out of a public stream, whatever is announced', async () => {
    const stream = await readEvents(`${listening.base}/api/live`, (events) => events.some((event) => event.event === 'words'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await listening.test.database.db.transaction().execute(async (trx) => {
      await announce(trx, 'moderation');
      await announce(trx, 'newsletter', { progress: true });
      await announce(trx, 'words');
    });
    const events = await stream.next();
    expect(events.map((event) => event.event)).toEqual(['words']);
    stream.close();
  });

  it('sends a stream only the topics it asked for', async () => {
    const stream = await readEvents(`${listening.base}/api/live?topics=words`, (events) => events.some((event) => event.event === 'words'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await announce(listening.test.database.db, 'sports', { id: 's1' });
    await announce(listening.test.database.db, 'counter');
    await announce(listening.test.database.db, 'words', { id: 'w2' });
    const events = await stream.next();
    expect(events).toEqual([{ event: 'words', data: '{"id":"w2"}' }]);
    stream.close();
  });

  it.each(['words,passwords', '', 'words,', 'Words', 'words;counter'])('refuses topics=%j with 400 and the error shape', async (topics) => {
    const response = await listening.test.app.inject({ method: 'GET', url: `/api/live?topics=${encodeURIComponent(topics)}` });
    expect(response.statusCode).toBe(400);
    expect(isApiErrorBody(response.json())).toBe(true);
  });

  it('refuses an unknown query parameter with 400', async () => {
    const response = await listening.test.app.inject({ method: 'GET', url: '/api/live?topic=words' });
    expect(response.statusCode).toBe(400);
    expect(isApiErrorBody(response.json())).toBe(true);
  });

  it.each(['moderation', 'newsletter', 'words,moderation'])('refuses topics=%s to a visitor (401) and to a member (403)', async (topics) => {
    const member = await registerMember(listening.test.app);
    const anonymous = await listening.test.app.inject({ method: 'GET', url: `/api/live?topics=${topics}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('http/unauthorized');
    const signedIn = await listening.test.app.inject({ method: 'GET', url: `/api/live?topics=${topics}`, headers: { cookie: member.cookie } });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().error.code).toBe('http/forbidden');
  });

  it('streams admin topics to an admin', async () => {
    const admin = await registerAdmin(listening.test.app, listening.test.database);
    const stream = await readEvents(`${listening.base}/api/live?topics=moderation,newsletter`, (events) => events.length >= 2, { cookie: admin.cookie });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await announce(listening.test.database.db, 'words');
    await announce(listening.test.database.db, 'moderation');
    await announce(listening.test.database.db, 'newsletter', { queued: true });
    const events = await stream.next();
    expect(events).toEqual([
      { event: 'moderation', data: 'null' },
      { event: 'newsletter', data: '{"queued":true}' },
    ]);
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

describe('GET /api/live, when notices come in bursts', () => {
  const listening = listeningTestApp();

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('sends the first notice of a topic at once, the rest of the interval’s as one at its end', async () => {
    const arrivals: number[] = [];
    const stream = await readEvents(`${listening.base}/api/live?topics=sports,counter`, (events) => {
      while (arrivals.length < events.length) arrivals.push(Date.now());
      return events.length >= 4;
    });
    await sleep(50);
    const reading = stream.next();
    // Twenty reactions, one NOTIFY each, delivered together at commit so that a slow machine
    // cannot spread them over more than one interval. Another topic has its own interval:
    // the counter's notice is not held back by the sports ones.
    await listening.test.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 20; i++) await announce(trx, 'sports', { id: `s${i}` });
      await announce(trx, 'counter');
    });
    const start = Date.now();
    // The interval that began with the trailing notice ends with nothing owed: nothing is
    // sent then, and the next notice, once the topic is quiet, goes out at once again.
    await sleep(2 * NOTICE_INTERVAL_MS + 500);
    const laterAt = Date.now();
    await announce(listening.test.database.db, 'sports', { id: 'later' });
    const events = await reading;
    expect(events).toEqual([
      { event: 'sports', data: '{"id":"s0"}' },
      { event: 'counter', data: 'null' },
      { event: 'sports', data: '{"id":"s19"}' },
      { event: 'sports', data: '{"id":"later"}' },
    ]);
    expect(arrivals[0] - start).toBeLessThan(NOTICE_INTERVAL_MS / 2);
    // Held until the interval ended (the margins allow for a busy test machine).
    expect(arrivals[2] - arrivals[0]).toBeGreaterThan(NOTICE_INTERVAL_MS / 2);
    expect(arrivals[3] - laterAt).toBeLessThan(NOTICE_INTERVAL_MS / 2);
    stream.close();
  });
});

describe('caps on open streams', () => {
  const open: AbortController[] = [];
  // Behind a local proxy, so each test client can come from its own address.
  const listening = listeningTestApp({ TRUST_PROXY: 'loopback', LIVE_STREAMS_PER_CLIENT: '2', LIVE_MAX_STREAMS: '3', MAX_CONNECTIONS: '6' }, () => {
    for (const controller of open) controller.abort();
  });

  /** Opens a stream as `client`; a refused one answers at once with its error. */
  async function stream(client: string) {
    const controller = new AbortController();
    const response = await fetch(`${listening.base}/api/live`, { signal: controller.signal, headers: { 'x-forwarded-for': client } });
    if (response.status !== 200) return { status: response.status, body: (await response.json()) as ApiErrorBody, close: () => undefined };
    open.push(controller);
    return { status: 200, body: undefined, close: () => controller.abort() };
  }

  /** The server hears of a closed stream a moment later: retries until it accepts. */
  async function streamWhenFree(client: string) {
    const deadline = Date.now() + 3000;
    for (;;) {
      const attempt = await stream(client);
      if (attempt.status === 200 || Date.now() > deadline) return attempt;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('refuses a client its third stream with 429, and frees a slot when one closes', async () => {
    const first = await stream('203.0.113.1');
    expect(first.status).toBe(200);
    expect((await stream('203.0.113.1')).status).toBe(200);
    const third = await stream('203.0.113.1');
    expect(third.status).toBe(429);
    expect(isApiErrorBody(third.body)).toBe(true);
    expect(third.body!.error.code).toBe('live/too-many-streams');

    first.close();
    expect((await streamWhenFree('203.0.113.1')).status).toBe(200);
  });

  it('refuses any stream past the instance-wide cap', async () => {
    // The first test left two streams of 203.0.113.1 open: a third one fills the instance.
    expect((await stream('203.0.113.2')).status).toBe(200);
    const refused = await stream('203.0.113.3');
    expect(refused.status).toBe(429);
    expect(refused.body!.error.code).toBe('live/server-busy');
  });

  it('holds at most MAX_CONNECTIONS sockets, above the streams', async () => {
    expect(listening.test.app.server.maxConnections).toBe(6);
    expect(() => readConfig({ LIVE_MAX_STREAMS: '3000', MAX_CONNECTIONS: '3000' })).toThrow(ConfigError);
  });
});
