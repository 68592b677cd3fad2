import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LISTEN_APPLICATION_NAME, openDatabase, type DatabaseHandle } from '../../db/connection';
import { registerAdmin, registerMember } from '../../testing/members';
import { describeOnPostgresql } from '../../testing/postgresql-only';
import { listeningTestApp, readEvents } from './testing/streams';

/** Longer than the first retry of a lost LISTEN connection, with room for a busy machine. */
const RESUMED_WITHIN_MS = 10_000;

/** The LISTEN connections of this test file's database (both instances'), by their name. */
const listeners = (database: DatabaseHandle) =>
  sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`.execute(database.db);

// Only PostgreSQL has a LISTEN connection of its own to lose (PGlite is one connection in
// the process), and a second instance to miss a notice.
describeOnPostgresql('when an instance’s LISTEN connection is lost', () => {
  const listening = listeningTestApp();
  let second: DatabaseHandle;
  let two: FastifyInstance;
  let twoBase: string;

  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: listening.test.database.url });
    two = await buildApp({ config: listening.test.config, database: second });
    twoBase = await two.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await two?.close();
    await second?.close();
  });

  it('drops every cache and tells open pages once listening again, and ends staff streams', async () => {
    const { app, database } = listening.test;
    const admin = await registerAdmin(app, database);
    const member = await registerMember(app);
    const { id } = (await app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Pendant la coupure' } })).json();
    // The second instance's wall is cached, empty.
    expect((await two.inject({ method: 'GET', url: '/api/words' })).json().words).toEqual([]);
    const page = await readEvents(`${twoBase}/api/live?topics=words`, (events) => events.some((event) => event.event === 'words'));
    const staff = await readEvents(`${twoBase}/api/live?topics=moderation`, () => false, { cookie: admin.cookie });

    const killed = await sql<{ done: boolean }>`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`.execute(database.db);
    expect(killed.rows).toEqual([{ done: true }, { done: true }]);
    const approved = await app.inject({ method: 'POST', url: `/api/admin/words/${id}/approve`, headers: { cookie: admin.cookie }, payload: {} });
    expect(approved.statusCode).toBe(204);
    // The approval's notice went out while no instance listened: it is lost.
    expect((await listeners(database)).rows).toEqual([]);

    expect(await page.nextWithin(RESUMED_WITHIN_MS)).toContainEqual({ event: 'words', data: 'null' });
    expect(await staff.endsWithin(RESUMED_WITHIN_MS)).toBe(true);
    expect((await listeners(database)).rows).toHaveLength(2);
    const wall = (await two.inject({ method: 'GET', url: '/api/words' })).json().words;
    expect(wall.map((word: { id: string }) => word.id)).toEqual([id]);
    page.close();
  });
});
