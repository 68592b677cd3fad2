import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { queueNewsletter } from '../capabilities/newsletter/newsletters';
import { openDatabase } from '../platform/db/connection';
import { checkNoticesArrive, NoticesUndelivered } from '../platform/db/notices-check';
import { insertAccounts } from '../platform/testing/accounts';
import { registerAdmin, registerMember, type TestMember } from '../platform/testing/members';
import { startPgBouncer, type PgBouncer } from '../platform/testing/pgbouncer';
import { describeOnPostgresql } from '../platform/testing/postgresql-only';
import { TestSmtp } from '../platform/testing/smtp-server';
import { emptyPostgresDatabases } from '../platform/testing/test-database';
import { migrateDatabase } from '../platform/db/migrate';
import { waitUntilSettled } from '../testing/deliveries';
import { setUpInstances } from '../testing/instances';

const AUTH_BUDGET = 10;
const REACTION_BUDGET = 3;
const PICTURE_BUDGET = 10;
const RATE = 300;
const RECIPIENTS = 3000;

/**
 * Three instances as a host runs them: each with its own pool through PgBouncer in
 * transaction mode (DATABASE_URL, "pooled") and LISTEN on the direct connection
 * (DATABASE_LISTEN_URL). Whatever one instance allows, the three together allow once.
 */
describeOnPostgresql('three instances behind PgBouncer in transaction mode', () => {
  const emptyDatabase = emptyPostgresDatabases(process.env.TEST_DATABASE_URL ?? 'postgres://unused');
  let bouncer: PgBouncer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    [bouncer, smtp] = await Promise.all([startPgBouncer(process.env.TEST_DATABASE_URL!), TestSmtp.start()]);
  });

  afterAll(async () => {
    await bouncer?.stop();
    await smtp?.stop();
  });

  // Each instance's pool through the pooler and its LISTEN direct, checked as main.ts checks it at start-up.
  const site = setUpInstances({
    count: 3,
    env: () => ({
      DATA_DIR: '/nonexistent-test-data',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_BUDGET),
      REACTION_RATE_LIMIT_PER_MINUTE: String(REACTION_BUDGET),
      NEWSLETTER_RATE_PER_SECOND: String(RATE),
      ANTI_BOT_DIFFICULTY: '10',
      SMTP_URL: smtp.url,
    }),
    async connect(direct) {
      const handle = await openDatabase({ databaseUrl: bouncer.pooled(direct.url!), listenUrl: direct.url });
      await checkNoticesArrive(handle);
      return handle;
    },
  });

  it('refuses LISTEN through the pooler at start-up, with a message saying what to set', async () => {
    const throughPooler = await openDatabase({ databaseUrl: bouncer.pooled(site.database.url!) });
    try {
      const refused = await checkNoticesArrive(throughPooler, 1000).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(NoticesUndelivered);
      expect((refused as Error).message).toContain('DATABASE_LISTEN_URL');
    } finally {
      await throughPooler.close();
    }
  });

  it('migrates through the direct connection while DATABASE_URL names the pooler', async () => {
    const url = await emptyDatabase();
    const handle = await openDatabase({ databaseUrl: bouncer.pooled(url), listenUrl: url });
    try {
      const applied = await migrateDatabase(handle);
      expect(applied.at(-1)).toMatch(/^\d{14}_/);
      expect(await handle.db.selectFrom('request_counts').selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('will not start a server whose notices would go through the pooler', async () => {
    const url = await emptyDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-pooler-'));
    try {
      // The server as a release runs it, from the run's bundle (tests/setup/server-bundle.ts).
      const child = spawn(process.execPath, [path.join(inject('serverBundle'), 'main.js')], {
        env: { ...process.env, DATABASE_URL: bouncer.pooled(url), DATA_DIR: dataDir, CLIENT_DIR: '/nonexistent', PORT: '0', HOST: '127.0.0.1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(errors).toMatch(/^Démarrage refusé : un avis envoyé par DATABASE_URL n'est pas arrivé .*DATABASE_LISTEN_URL/m);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('shows a word approved on one instance live on the two others', async () => {
    const [one, two, three] = site.apps;
    const admin = await registerAdmin(one, site.database);
    const member = await registerMember(two);
    const { id } = (await two.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Par le pooler' } })).json();
    const streams = await Promise.all([two, three].map(openStream));
    try {
      const approved = await one.inject({ method: 'POST', url: `/api/admin/words/${id}/approve`, headers: { cookie: admin.cookie }, payload: {} });
      expect(approved.statusCode, approved.body).toBe(204);
      // That it arrives, within the test's time limit; how fast through the pooler: bench/scale-out.mjs.
      await Promise.all(streams.map((stream) => stream.until('event: words')));
    } finally {
      for (const stream of streams) stream.close();
    }
    for (const app of [two, three]) expect((await app.inject({ method: 'GET', url: '/api/words' })).json().words.map((word: { id: string }) => word.id)).toContain(id);
  });

  it("refuses on every instance an address that spent its sign-in budget on one", async () => {
    const [one, two, three] = site.apps;
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.23', payload: { email: `inconnu-${Math.random()}@exemple.fr`, password: 'Mauvais-1234!' } });
    for (let i = 0; i < AUTH_BUDGET; i++) expect((await attempt(one)).statusCode).not.toBe(429);
    for (const app of [one, two, three]) {
      const refused = await attempt(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('http/rate-limited');
    }
    // Another address keeps its own budget.
    expect((await two.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.24', payload: { email: 'x@exemple.fr', password: 'Mauvais-1234!' } })).statusCode).not.toBe(429);
  });

  it("counts a member's reactions and picture uploads on the three instances together", async () => {
    const member: TestMember = await registerMember(site.apps[0]);
    await site.database.db.insertInto('sports').values({ id: 'aviron', name: 'Aviron', duplicate_key: 'aviron', public: true, published_at: new Date() }).execute();
    const react = (i: number) =>
      site.apps[i % 3].inject({ method: 'POST', url: '/api/sports/aviron/reaction', headers: { cookie: member.cookie }, payload: { reaction: 'love' } });
    for (let i = 0; i < REACTION_BUDGET; i++) expect((await react(i)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await react(i)).statusCode).toBe(429);

    // Counted before the body is read: a picture that is not one still spends the budget.
    const upload = (i: number) =>
      site.apps[i % 3].inject({ method: 'PUT', url: '/api/account/picture', headers: { cookie: member.cookie, 'content-type': 'image/png' }, payload: Buffer.from('pas une image') });
    for (let i = 0; i < PICTURE_BUDGET; i++) expect((await upload(i)).statusCode).not.toBe(429);
    for (let i = 0; i < 3; i++) expect((await upload(i)).statusCode).toBe(429);
  });

  it(`sends a newsletter to ${RECIPIENTS} members by the three workers, once each, at no more than the site-wide ${RATE} a second`, async () => {
    const { db } = site.database;
    await db.updateTable('users').set({ newsletter: false }).execute();
    const accounts = await insertAccounts(db, RECIPIENTS);
    const { newsletterId } = await queueNewsletter(db, { title: 'Trois instances', description: 'Un seul rythme', letter: 'Bonjour à tous', filter: undefined, createdBy: accounts[0].id });
    expect(await waitUntilSettled(db, newsletterId, 120_000)).toMatchObject({ sent: RECIPIENTS, failed: 0 });
    // The server also took the registrations' mails: only the recipients' count.
    const copies = smtp.copies();
    expect(accounts.map(({ email }) => copies.get(email.toLowerCase()))).toEqual(Array(RECIPIENTS).fill(1));

    const times = accounts.map(({ email }) => smtp.attempts.get(email.toLowerCase())![0]).sort((a, b) => a - b);
    const overall = ((times.length - 1) * 1000) / (times.at(-1)! - times[0]);
    // Any one second: the mails start on slots 1/RATE apart, each at most 100 ms late; what the
    // SMTP exchanges then hold back (at most the lanes' mails in flight, 20 per worker) may
    // arrive together.
    let busiest = 0;
    for (let first = 0, last = 0; last < times.length; last++) {
      while (times[last] - times[first] >= 1000) first++;
      busiest = Math.max(busiest, last - first + 1);
    }
    console.log(`newsletter through the pooler: ${overall.toFixed(1)} mails/s overall, ${busiest} in the busiest second (site-wide rate ${RATE})`);
    expect(overall).toBeLessThanOrEqual(RATE * 1.02);
    expect(busiest).toBeLessThanOrEqual(RATE * 1.1 + 3 * 20);
  }, 180_000);

  /** A live stream of the words, read until a given text arrives. */
  async function openStream(app: FastifyInstance) {
    const { port } = app.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/live?topics=words`, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = (await reader.read()).value ?? '';
    return {
      async until(text: string) {
        while (!received.includes(text)) received += (await reader.read()).value ?? '';
      },
      close: () => controller.abort(),
    };
  }
});
