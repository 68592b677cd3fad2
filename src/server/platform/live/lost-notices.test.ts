import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME, type DatabaseHandle } from '../db/connection';
import { registerAdmin, registerMember } from '../testing/members';
import { describeOnPostgresql } from '../testing/postgresql-only';
import { listeningTestApp, readEvents, secondInstance } from '../../testing/streams';

/** Longer than the first retry of a lost LISTEN connection, with room for a busy machine. */
const RESUMED_WITHIN_MS = 10_000;

/** The LISTEN connections of this test file's database (both instances'), by their name. */
const listeners = (database: DatabaseHandle) =>
  sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`.execute(database.db);

// Only PostgreSQL has a LISTEN connection of its own to lose (PGlite is one connection in
// the process), and a second instance to miss a notice.
describeOnPostgresql('when an instance’s LISTEN connection is lost', () => {
  const listening = listeningTestApp();
  const two = secondInstance(listening);

  it('drops every cache and tells open pages once listening again, and ends staff streams', async () => {
    const { app, database } = listening.test;
    const admin = await registerAdmin(app, database);
    const member = await registerMember(app);
    const { id } = (await app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Pendant la coupure' } })).json();
    // The second instance's wall is cached, empty.
    expect((await two.app.inject({ method: 'GET', url: '/api/words' })).json().words).toEqual([]);
    const page = await readEvents(`${two.base}/api/live?topics=words`, (events) => events.some((event) => event.event === 'words'));
    const staff = await readEvents(`${two.base}/api/live?topics=moderation`, () => false, { cookie: admin.cookie });

    // The LISTEN connections are cut and the word approved in one statement, which sends no
    // notice: what a notice sent while no instance listened leaves behind, whatever the time
    // the instances take to listen again (a second at first, less than an approval through
    // the app may take on a loaded machine).
    const cut = await sql<{ killed: number }>`
      with killed as (
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()
      ), approved as (
        update words set public = true, published_at = now() where id = ${id} returning id
      )
      select (select count(*)::int from killed where done) as killed from approved`.execute(database.db);
    expect(cut.rows).toEqual([{ killed: 2 }]);

    expect(await page.nextWithin(RESUMED_WITHIN_MS)).toContainEqual({ event: 'words', data: 'null' });
    expect(await staff.endsWithin(RESUMED_WITHIN_MS)).toBe(true);
    // Each instance listens again on its own schedule: the second's page heard first.
    await expect.poll(async () => (await listeners(database)).rows.length, { timeout: RESUMED_WITHIN_MS }).toBe(2);
    const wall = (await two.app.inject({ method: 'GET', url: '/api/words' })).json().words;
    expect(wall.map((word: { id: string }) => word.id)).toEqual([id]);
    page.close();
  });
});
