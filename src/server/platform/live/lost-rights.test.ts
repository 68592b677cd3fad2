import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import type { DatabaseHandle } from '../db/connection';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../testing/members';
import { describeOnPostgresql } from '../testing/postgresql-only';
import { createTestDatabase } from '../testing/test-database';
import { applyRetention } from '../jobs/retention';
import { capabilities } from '../../capabilities/index';
import { announce } from './announce';
import { listeningTestApp, readEvents, secondInstance } from '../../testing/streams';

/** Time for a notice to travel; streams that must stay open are watched this long. */
const NOTICE_MS = 500;
/** A stream must end within this (a busy machine included). */
const END_MS = 5000;

const openStream = (base: string, topics: string, member?: TestMember) => readEvents(`${base}/api/live?topics=${topics}`, () => false, member ? { cookie: member.cookie } : {});

describe('a member’s open live streams end when they lose rights', () => {
  const listening = listeningTestApp();
  let admin: TestMember;

  beforeAll(async () => {
    admin = await registerAdmin(listening.test.app, listening.test.database);
  });

  const act = (method: 'POST' | 'DELETE', url: string, payload?: object, by = admin) =>
    listening.test.app.inject({ method, url, payload, headers: { cookie: by.cookie } });

  it('ends a moderator’s stream when an admin suspends them, and only theirs; it then comes back as 401', async () => {
    const moderator = await registerModerator(listening.test.app, listening.test.database);
    const stream = await openStream(listening.base, 'moderation', moderator);
    const adminStream = await openStream(listening.base, 'moderation', admin);
    expect(stream.status).toBe(200);

    expect((await act('POST', `/api/admin/members/${moderator.uuid}/suspension`, { suspended: true })).statusCode).toBe(200);
    expect(await stream.endsWithin(END_MS)).toBe(true);
    expect(await adminStream.endsWithin(NOTICE_MS)).toBe(false);
    adminStream.close();

    const again = await openStream(listening.base, 'moderation', moderator);
    expect(again.status).toBe(401);
  });

  it('ends a moderator’s stream when the role is taken away; staff topics then get 403, public ones still stream', async () => {
    const moderator = await registerModerator(listening.test.app, listening.test.database);
    const stream = await openStream(listening.base, 'words,moderation', moderator);
    // A role given is no right lost: the stream stays.
    expect((await act('POST', `/api/admin/members/${moderator.uuid}/roles`, { role: 'admin', granted: true })).statusCode).toBe(200);
    expect(await stream.endsWithin(NOTICE_MS)).toBe(false);

    expect((await act('POST', `/api/admin/members/${moderator.uuid}/roles`, { role: 'moderator', granted: false })).statusCode).toBe(200);
    expect((await act('POST', `/api/admin/members/${moderator.uuid}/roles`, { role: 'admin', granted: false })).statusCode).toBe(200);
    expect(await stream.endsWithin(END_MS)).toBe(true);

    expect((await openStream(listening.base, 'words,moderation', moderator)).status).toBe(403);
    const publicStream = await openStream(listening.base, 'words', moderator);
    expect(publicStream.status).toBe(200);
    publicStream.close();
  });

  it('writes nothing to an ended stream, not even a notice of the same commit', async () => {
    const moderator = await registerModerator(listening.test.app, listening.test.database);
    const stream = await openStream(listening.base, 'words,moderation', moderator);
    // Both notices arrive together, before the ended stream's socket has closed: writing the
    // second to it would throw 'write after end' out of the hub, and take the server down.
    await listening.test.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ roles: [] }).where('id', '=', moderator.uuid).execute();
      await announce(trx, 'moderation');
      await announce(trx, 'words');
    });
    expect(await stream.endsWithin(END_MS)).toBe(true);
    expect(await stream.next()).toEqual([]);
  });

  it('ends the streams of an account an admin deletes', async () => {
    const moderator = await registerModerator(listening.test.app, listening.test.database);
    const stream = await openStream(listening.base, 'moderation', moderator);
    expect((await act('DELETE', `/api/admin/members/${moderator.uuid}`)).statusCode).toBe(204);
    expect(await stream.endsWithin(END_MS)).toBe(true);
  });

  it('ends the streams of a member who deletes their own account', async () => {
    const member = await registerMember(listening.test.app);
    const stream = await openStream(listening.base, 'words,counter', member);
    expect((await act('DELETE', '/api/account', { password: member.password }, member)).statusCode).toBe(204);
    expect(await stream.endsWithin(END_MS)).toBe(true);
  });

  it('ends the streams of an account the retention job deletes', async () => {
    const member = await registerMember(listening.test.app);
    const stream = await openStream(listening.base, 'words', member);
    await listening.test.database.db
      .updateTable('users')
      .set({ last_seen_at: sql<Date>`now() - interval '6 years'` })
      .where('id', '=', member.uuid)
      .execute();
    expect((await applyRetention(listening.test.database.db, capabilities)).inactiveAccounts).toBe(1);
    expect(await stream.endsWithin(END_MS)).toBe(true);
  });
});

describe('a staff stream whose rights were read just before a suspension', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  let admin: TestMember;
  let suspendDuringRequest: string | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Staff sign in with a password here (quality/staff-two-factor-matrix.test.ts checks the rule).
    app = await buildApp({ config: readConfig({ CLIENT_DIR: '/nonexistent', AUTH_RATE_LIMIT_PER_MINUTE: '10000', STAFF_TWO_FACTOR: 'optional' }), database });
    // Runs after the session was read: the suspension commits, and its notice is heard,
    // before the stream joins the hub.
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/live') || request.user?.id !== suspendDuringRequest) return;
      await app.inject({ method: 'POST', url: `/api/admin/members/${suspendDuringRequest}/suspension`, payload: { suspended: true }, headers: { cookie: admin.cookie } });
      await new Promise((resolve) => setTimeout(resolve, NOTICE_MS));
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await registerAdmin(app, database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('ends once its rights are read again', async () => {
    const moderator = await registerModerator(app, database);
    suspendDuringRequest = moderator.uuid;
    const stream = await openStream(base, 'moderation', moderator);
    expect(stream.status).toBe(200);
    expect(await stream.endsWithin(END_MS)).toBe(true);
  });
});

// Several instances share one PostgreSQL: only that mode can have a second instance.
describeOnPostgresql('on two instances of one PostgreSQL', () => {
  const listening = listeningTestApp();
  const two = secondInstance(listening);

  it('ends the streams held by the other instance, for each kind of loss', async () => {
    const { app, database } = listening.test;
    const admin = await registerAdmin(app, database);
    const [suspended, demoted, deleted] = await Promise.all([registerModerator(app, database), registerModerator(app, database), registerModerator(app, database)]);
    const streams = await Promise.all([suspended, demoted, deleted].map((member) => openStream(two.base, 'moderation', member)));
    const headers = { cookie: admin.cookie };

    await app.inject({ method: 'POST', url: `/api/admin/members/${suspended.uuid}/suspension`, payload: { suspended: true }, headers });
    await app.inject({ method: 'POST', url: `/api/admin/members/${demoted.uuid}/roles`, payload: { role: 'moderator', granted: false }, headers });
    await app.inject({ method: 'DELETE', url: `/api/admin/members/${deleted.uuid}`, headers });

    expect(await Promise.all(streams.map((stream) => stream.endsWithin(END_MS)))).toEqual([true, true, true]);
  });
});
