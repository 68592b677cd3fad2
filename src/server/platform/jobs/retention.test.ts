import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { createTestDatabase } from '../testing/test-database';
import { applyRetention, retentionJob } from './retention';
import { startJobs } from './scheduler';
import { capabilities } from '../../capabilities/index';
import { openConnections, raceTest } from '../testing/postgresql-only';

const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
const YEAR = 365;

describe('data retention (privacy policy §3, decision 0015)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => database?.close());

  async function insertUser(name: string, values: { last_seen_at?: Date; account_type?: 'user' | 'organisation' } = {}) {
    return database.db
      .insertInto('users')
      .values({ email: `${name}@exemple.fr`, username: name, account_type: values.account_type ?? 'user', password_hash: 'x', ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('records a member’s last use when a session is opened or renewed', async () => {
    const { id } = await insertUser('assidu', { last_seen_at: ago(3 * YEAR) });
    await database.db.insertInto('sessions').values({ id: 'assidu-1', user_id: id, expires_at: ago(-30) }).execute();
    const lastSeen = async () => (await database.db.selectFrom('users').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow()).last_seen_at;
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(60_000);

    await database.db.updateTable('users').set({ last_seen_at: ago(3 * YEAR) }).where('id', '=', id).execute();
    await database.db.updateTable('sessions').set({ expires_at: ago(-31) }).where('id', '=', 'assidu-1').execute();
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(60_000);
  });

  it('deletes an account unused for 5 years as its owner would, and keeps its public word anonymous', async () => {
    const gone = await insertUser('oublie', { last_seen_at: ago(5 * YEAR + 2) });
    const kept = await insertUser('revenu', { last_seen_at: ago(5 * YEAR - 2) });
    await database.db
      .insertInto('words')
      .values({ author_id: gone.id, content: 'Bravo à tous', public: true, published_at: new Date() })
      .execute();

    const counts = await applyRetention(database.db, capabilities);
    expect(counts.inactiveAccounts).toBe(1);
    const users = await database.db.selectFrom('users').select('id').where('id', 'in', [gone.id, kept.id]).execute();
    expect(users).toEqual([{ id: kept.id }]);
    const word = await database.db.selectFrom('words').select('author_id').where('content', '=', 'Bravo à tous').executeTakeFirstOrThrow();
    expect(word.author_id).toBeNull();
  });

  it('removes the e-mail of event reports after a year, and keeps the report', async () => {
    const report = { event_name: 'Tournoi', sport: 'Judo', event_date: '2027-06-01', place: 'Lyon', link: 'https://exemple.fr' };
    await database.db
      .insertInto('event_reports')
      .values([
        { ...report, email: 'ancien@exemple.fr', created_at: ago(YEAR + 1) },
        { ...report, email: 'recent@exemple.fr', created_at: ago(YEAR - 1) },
      ])
      .execute();

    expect((await applyRetention(database.db, capabilities)).eventReportEmails).toBe(1);
    const emails = await database.db.selectFrom('event_reports').select('email').orderBy('created_at').execute();
    expect(emails).toEqual([{ email: '' }, { email: 'recent@exemple.fr' }]);
  });

  it('deletes the settled deliveries of newsletters older than 12 months, never a sending under way', async () => {
    const reader = await insertUser('lecteur');
    const [old, recent] = await database.db
      .insertInto('newsletters')
      .values([
        { title: 'Vieille', description: '', letter: 'x', filter: null, created_by: null, created_at: ago(YEAR + 1) },
        { title: 'Récente', description: '', letter: 'x', filter: null, created_by: null, created_at: ago(30) },
      ])
      .returning('id')
      .execute();
    const other = await insertUser('lectrice');
    const delivery = { email: 'lecteur@exemple.fr', name: 'lecteur' };
    await database.db
      .insertInto('newsletter_deliveries')
      .values([
        { ...delivery, newsletter_id: old.id, user_id: reader.id, status: 'sent' },
        { ...delivery, newsletter_id: old.id, user_id: other.id, status: 'pending' },
        { ...delivery, newsletter_id: recent.id, user_id: reader.id, status: 'sent' },
      ])
      .execute();

    expect((await applyRetention(database.db, capabilities)).newsletterDeliveries).toBe(1);
    const left = await database.db.selectFrom('newsletter_deliveries').select(['newsletter_id', 'status']).orderBy('status').execute();
    expect(left).toEqual([
      { newsletter_id: old.id, status: 'pending' },
      { newsletter_id: recent.id, status: 'sent' },
    ]);
  });

  it('deletes organisation invitations unused for a year, not those of a registered organisation', async () => {
    await insertUser('club-inscrit', { account_type: 'organisation' });
    await database.db
      .insertInto('organisation_allowlist')
      .values([
        { email: 'club-inscrit@exemple.fr', created_at: ago(2 * YEAR) },
        { email: 'club-parti@exemple.fr', created_at: ago(YEAR + 1) },
        { email: 'club-invite@exemple.fr', created_at: ago(10) },
      ])
      .execute();

    expect((await applyRetention(database.db, capabilities)).unusedOrganisationInvitations).toBe(1);
    const left = await database.db.selectFrom('organisation_allowlist').select('email').orderBy('email').execute();
    expect(left).toEqual([{ email: 'club-inscrit@exemple.fr' }, { email: 'club-invite@exemple.fr' }]);
  });

  it('purges expired sessions and stale login failures (the accounts purge, reused)', async () => {
    const { id } = await insertUser('dormeur');
    await database.db
      .insertInto('sessions')
      .values([
        { id: 'expiree', user_id: id, expires_at: ago(1) },
        { id: 'valide', user_id: id, expires_at: ago(-10) },
      ])
      .execute();
    await database.db
      .insertInto('login_failures')
      .values([
        { email: 'dormeur@exemple.fr', address: '192.0.2.1', failed_at: ago(1) },
        { email: 'dormeur@exemple.fr', address: '192.0.2.1' },
      ])
      .execute();

    const counts = await applyRetention(database.db, capabilities);
    expect(counts).toMatchObject({ expiredSessions: 1, oldLoginFailures: 1 });
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([{ id: 'valide' }]);
    expect(await database.db.selectFrom('login_failures').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual({ n: 1 });
  });

  it('deletes e-mail verification links past their 48 hours, used or not, and keeps live ones (decision 0018)', async () => {
    const { id } = await insertUser('verifieur');
    const link = { user_id: id, email: 'verifieur@exemple.fr' };
    await database.db
      .insertInto('email_verifications')
      .values([
        { ...link, id: 'expire', created_at: ago(3), expires_at: ago(1) },
        { ...link, id: 'servi-expire', created_at: ago(3), expires_at: ago(1), used_at: ago(2) },
        { ...link, id: 'valide', expires_at: ago(-2) },
      ])
      .execute();

    expect((await applyRetention(database.db, capabilities)).expiredVerificationLinks).toBe(2);
    expect(await database.db.selectFrom('email_verifications').select('id').where('user_id', '=', id).execute()).toEqual([{ id: 'valide' }]);
  });

  it('forgets a browser 400 days after its last sign-in, when its cookie is gone too', async () => {
    const { id } = await insertUser('navigatrice');
    await database.db
      .insertInto('known_browsers')
      .values([
        { user_id: id, browser_hash: 'oublie', first_seen_at: ago(2 * YEAR), last_signed_in_at: ago(401) },
        { user_id: id, browser_hash: 'garde', first_seen_at: ago(2 * YEAR), last_signed_in_at: ago(399) },
      ])
      .execute();
    expect((await applyRetention(database.db, capabilities)).knownBrowsers).toBe(1);
    expect(await database.db.selectFrom('known_browsers').select('browser_hash').where('user_id', '=', id).execute()).toEqual([{ browser_hash: 'garde' }]);
  });

  raceTest('is safe to run from several instances at once: the second run finds nothing left', async () => {
    await openConnections(database.db, 2);
    await insertUser('perdu', { last_seen_at: ago(6 * YEAR) });
    const runs = await Promise.all([applyRetention(database.db, capabilities), applyRetention(database.db, capabilities)]);
    expect(runs[0].inactiveAccounts + runs[1].inactiveAccounts).toBe(1);
    expect(Object.values(await applyRetention(database.db, capabilities)).every((n) => n === 0)).toBe(true);
  });

  it('runs at start, logs counts and nothing personal, and its stop waits for the run', async () => {
    await insertUser('absent', { last_seen_at: ago(6 * YEAR) });
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) } as never;
    await startJobs([retentionJob(database.db, capabilities, log)], log).stop();
    expect(logged).toHaveLength(1);
    const [[fields, message]] = logged as [[{ retention: Record<string, number> }, string]];
    expect(message).toBe('retention applied');
    expect(fields.retention.inactiveAccounts).toBe(1);
    expect(JSON.stringify(logged)).not.toContain('absent');
    expect(Object.values(fields.retention).every((value) => typeof value === 'number')).toBe(true);
  });
});
