import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { registerModerator, sessionCookie } from '../testing/members';
import { describeOnPostgresql } from '../testing/postgresql-only';
import { listeningTestApp, readEvents, secondInstance } from '../../testing/streams';
import { LIVE_CHANNEL, readNotice } from './announce';

/** Time for a notice to travel; streams that must stay open are watched this long. */
const NOTICE_MS = 500;
/** A stream must end within this (a busy machine included). */
const END_MS = 5000;

const openStream = (base: string, cookie: string) => readEvents(`${base}/api/live?topics=moderation`, () => false, { cookie });

/**
 * A moderator with an authenticator app, as staff are in production, whose `cookie` is the
 * session that enrolled it; `signIn` opens another session through both steps, with a
 * recovery code each time (an app code serves once per 30 s).
 */
async function moderatorWithSecondFactor(app: FastifyInstance, database: DatabaseHandle) {
  const moderator = await registerModerator(app, database);
  const headers = { cookie: moderator.cookie };
  const { secret } = (await app.inject({ method: 'POST', url: '/api/account/two-factor/totp/setup', headers, payload: {} })).json();
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const { recoveryCodes } = (await app.inject({ method: 'POST', url: '/api/account/two-factor/totp', headers, payload: { code } })).json() as { recoveryCodes: string[] };
  async function signIn() {
    const { secondFactor } = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: moderator.email, password: moderator.password } })).json();
    return sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { ticket: secondFactor.ticket, code: recoveryCodes.pop() } }));
  }
  return { ...moderator, signIn };
}

/** The id of the session a cookie names, as the member's sessions list shows it. */
async function sessionIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const { sessions } = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } })).json() as { sessions: { id: string; current: boolean }[] };
  return sessions.find((session) => session.current)!.id;
}

describe('a session’s open live streams end with the session', () => {
  const listening = listeningTestApp({ STAFF_TWO_FACTOR: 'required' });

  it('ends the stream of a session the member ends from another one, and only that session’s; it then comes back as 401', async () => {
    const { app, database } = listening.test;
    const moderator = await moderatorWithSecondFactor(app, database);
    const [phone, laptop] = [await moderator.signIn(), await moderator.signIn()];
    const phoneStream = await openStream(listening.base, phone);
    const laptopStream = await openStream(listening.base, laptop);
    expect([phoneStream.status, laptopStream.status]).toEqual([200, 200]);

    const ended = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${await sessionIdOf(app, phone)}`, headers: { cookie: moderator.cookie } });
    expect(ended.statusCode).toBe(204);
    expect(await phoneStream.endsWithin(END_MS)).toBe(true);
    expect(await laptopStream.endsWithin(NOTICE_MS)).toBe(false);
    laptopStream.close();

    expect((await openStream(listening.base, phone)).status).toBe(401);
  });

  it('ends the stream of a session signed out, and only that session’s', async () => {
    const { app, database } = listening.test;
    const moderator = await moderatorWithSecondFactor(app, database);
    const laptop = await moderator.signIn();
    const laptopStream = await openStream(listening.base, laptop);
    const otherStream = await openStream(listening.base, moderator.cookie);
    expect([laptopStream.status, otherStream.status]).toEqual([200, 200]);

    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: laptop }, payload: {} })).statusCode).toBe(204);
    expect(await laptopStream.endsWithin(END_MS)).toBe(true);
    expect(await otherStream.endsWithin(NOTICE_MS)).toBe(false);
    otherStream.close();
  });

  it('sends no notice when an expired session’s row is deleted, as the retention run deletes them by the thousand', async () => {
    const { app, database } = listening.test;
    const moderator = await moderatorWithSecondFactor(app, database);
    const [expired, live] = [await sessionIdOf(app, await moderator.signIn()), await sessionIdOf(app, await moderator.signIn())];
    const ended: string[] = [];
    const unlisten = await database.listen(LIVE_CHANNEL, (payload) => {
      const notice = readNotice(payload);
      if (notice && 'endedSession' in notice) ended.push(notice.endedSession);
    });
    await database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired).execute();
    await database.db.deleteFrom('sessions').where('id', '=', expired).execute();
    // Notices arrive in the order of their commits: once the live session's is heard, the expired one's would have been.
    await database.db.deleteFrom('sessions').where('id', '=', live).execute();
    await expect.poll(() => ended).toEqual([live]);
    await unlisten();
  });

  // Several instances share one PostgreSQL: only that mode can have a second instance.
  describeOnPostgresql('on two instances of one PostgreSQL', () => {
    const two = secondInstance(listening);

    it('ends the stream held by the other instance', async () => {
      const { app, database } = listening.test;
      const moderator = await moderatorWithSecondFactor(app, database);
      const phone = await moderator.signIn();
      const stream = await openStream(two.base, phone);
      expect(stream.status).toBe(200);

      const ended = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${await sessionIdOf(app, phone)}`, headers: { cookie: moderator.cookie } });
      expect(ended.statusCode).toBe(204);
      expect(await stream.endsWithin(END_MS)).toBe(true);
    });
  });
});
