import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/connection';
import type { Mailer } from '../../platform/mail/mailer';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { sendModerationDigests } from './digest';
import { raceTest } from '../../platform/testing/postgresql-only';

const test = setUpTestApp({ PUBLIC_URL: 'https://unissons.example' });
const quiet = { info: () => {}, error: () => {} };
const SUBJECT = /^\d+ éléments? attend(ent)? la modération$/;

/** A run of the digest job at `at`, as one instance would do it (on its own connections with `db`). */
const run = (at: string, mailer: Mailer = test.app.mailer, db = test.database.db) =>
  sendModerationDigests({ db, mailer, site: test.config.public, log: quiet, now: new Date(at) });

const digestsTo = (member: TestMember) => test.mailbox.messages.filter((mail) => mail.recipients.includes(member.email.toLowerCase()) && SUBJECT.test(mail.parsed.subject ?? ''));

/**
 * Every test stands alone: nothing waits and no account of an earlier test moderates, so a
 * run's count is this test's own staff.
 */
beforeEach(async () => {
  await test.database.db.deleteFrom('words').execute();
  await test.database.db.deleteFrom('sports').execute();
  await test.database.db.updateTable('users').set({ roles: [] }).execute();
});

/** An admin, a moderator and a member, new to this test. */
async function staff() {
  const [admin, moderator, member] = await Promise.all([registerAdmin(test.app, test.database), registerModerator(test.app, test.database), registerMember(test.app)]);
  return { admin, moderator, member };
}

/** A word and a sport suggested by `member`, waiting for moderation. */
async function somethingWaits(member: TestMember) {
  const word = await test.app.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Vivement le premier trajet !' } });
  const sport = await test.app.inject({ method: 'POST', url: '/api/sports', headers: { cookie: member.cookie }, payload: { name: 'Kayak', emoji: '🛶' } });
  expect([word.statusCode, sport.statusCode]).toEqual([201, 201]);
}

describe('the daily moderation digest', () => {
  it('is not sent while nothing waits', async () => {
    const { admin, moderator } = await staff();
    expect(await run('2026-12-01T10:00:00+01:00')).toBe(0);
    expect(digestsTo(admin)).toEqual([]);
    expect(digestsTo(moderator)).toEqual([]);
  });

  it('goes once a day to each moderator and admin, from 8 o’clock French time, with a link to the queue', async () => {
    const { admin, moderator, member } = await staff();
    await somethingWaits(member);

    expect(await run('2026-12-02T07:59:00+01:00')).toBe(0);
    expect(await run('2026-12-02T08:00:00+01:00')).toBe(2);
    const [mail] = digestsTo(moderator);
    expect(mail.parsed.subject).toBe('2 éléments attendent la modération');
    expect(mail.parsed.text).toContain('1 mot de soutien et 1 sport suggéré attendent');
    expect(mail.parsed.text).toContain('https://unissons.example/admin/moderation');
    expect(mail.parsed.html).toContain('href="https://unissons.example/admin/moderation"');
    expect(mail.parsed.html).toContain('href="https://unissons.example/account"');
    expect(mail.parsed.text).toContain('Recevoir le résumé de modération');
    expect(digestsTo(admin)).toHaveLength(1);
    expect(digestsTo(member)).toEqual([]);

    // Later the same French day: nothing more, even just before midnight (23:30 in Paris is 22:30 UTC).
    expect(await run('2026-12-02T15:00:00+01:00')).toBe(0);
    expect(await run('2026-12-02T22:30:00Z')).toBe(0);
    expect(digestsTo(moderator)).toHaveLength(1);
    // The next day, while items still wait: the next one.
    expect(await run('2026-12-03T08:15:00+01:00')).toBe(2);
    expect(digestsTo(moderator)).toHaveLength(2);
  });

  raceTest('goes once even when two servers run the job at the same moment', async () => {
    const { admin, moderator, member } = await staff();
    await somethingWaits(member);
    // On PostgreSQL the second server has its own pool, as another instance would; the
    // embedded database has one process only, so both runs share it there.
    const other = test.database.url ? await openDatabase({ databaseUrl: test.database.url, poolSize: 2 }) : undefined;
    try {
      const [first, second] = await Promise.all([run('2026-12-04T09:00:00+01:00'), run('2026-12-04T09:00:00+01:00', test.app.mailer, other?.db)]);
      expect(first + second).toBe(2);
    } finally {
      await other?.close();
    }
    expect(digestsTo(moderator)).toHaveLength(1);
    expect(digestsTo(admin)).toHaveLength(1);
  });

  it('is not sent to a moderator who unticked it on their account page, and is again once ticked', async () => {
    const { admin, moderator, member } = await staff();
    await somethingWaits(member);
    const digest = (cookie: string, subscribed?: boolean) =>
      subscribed === undefined
        ? test.app.inject({ method: 'GET', url: '/api/admin/moderation/digest', headers: { cookie } })
        : test.app.inject({ method: 'PUT', url: '/api/admin/moderation/digest', headers: { cookie }, payload: { subscribed } });
    expect((await digest(moderator.cookie)).json()).toEqual({ subscribed: true });
    expect((await digest(moderator.cookie, false)).json()).toEqual({ subscribed: false });
    expect((await digest(moderator.cookie)).json()).toEqual({ subscribed: false });
    expect((await digest(member.cookie)).statusCode).toBe(403);
    expect((await digest(member.cookie, false)).statusCode).toBe(403);

    expect(await run('2026-12-05T09:00:00+01:00')).toBe(1);
    expect(digestsTo(moderator)).toEqual([]);
    expect(digestsTo(admin)).toHaveLength(1);

    await digest(moderator.cookie, true);
    expect(await run('2026-12-06T09:00:00+01:00')).toBe(2);
    expect(digestsTo(moderator)).toHaveLength(1);
  });

  it('is not sent to a suspended moderator', async () => {
    const { member } = await staff();
    await somethingWaits(member);
    const suspended = await registerModerator(test.app, test.database);
    await test.database.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', suspended.uuid).execute();
    // The admin and the moderator still get theirs.
    expect(await run('2026-12-06T10:00:00+01:00')).toBe(2);
    expect(digestsTo(suspended)).toEqual([]);
  });

  it('gives its claim back when the mail could not be sent, so a later run sends it', async () => {
    const { moderator, member } = await staff();
    await somethingWaits(member);
    const failing: Mailer = {
      send: () => Promise.reject(new Error('SMTP indisponible')),
      close: () => {},
    };
    expect(await run('2026-12-07T09:00:00+01:00', failing)).toBe(0);
    expect(digestsTo(moderator)).toEqual([]);
    expect(await run('2026-12-07T09:15:00+01:00')).toBe(2);
    expect(digestsTo(moderator)).toHaveLength(1);
  });

  it('stops once nothing waits', async () => {
    const { moderator, member } = await staff();
    await somethingWaits(member);
    expect(await run('2026-12-08T09:00:00+01:00')).toBe(2);
    await test.database.db.deleteFrom('words').execute();
    await test.database.db.deleteFrom('sports').execute();
    expect(await run('2026-12-09T09:00:00+01:00')).toBe(0);
    expect(digestsTo(moderator)).toHaveLength(1);
  });
});
