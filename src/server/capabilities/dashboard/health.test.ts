import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../../shared/dashboard';
import { alertTitles } from '../../../shared/dashboard';
import { backupName } from '../../platform/backup/backup-files';
import { startJobs } from '../../platform/jobs/scheduler';
import { jobRunsRecorder } from '../../platform/health/job-runs';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { alertsJob, heldConditions } from './alerts';
import { siteHealth } from './health';

const MINUTE_MS = 60_000;
const silent = { error: () => {} };

describe('the health panel and its alerts', () => {
  let backupDir: string;
  const test = setUpTestApp({ BACKUP_DIR: path.join(os.tmpdir(), `unissons-health-${process.pid}`) });
  let admin: TestMember;

  beforeAll(async () => {
    backupDir = test.config.backup.dir;
    await fs.mkdir(backupDir, { recursive: true });
    admin = await registerAdmin(test.app, test.database);
  });
  afterAll(async () => fs.rm(backupDir, { recursive: true, force: true }));

  const health = async (cookie: string) => {
    const answer = await test.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie } });
    return { status: answer.statusCode, body: answer.json() as AdminHealth };
  };
  const runAlerts = () => alertsJob(test.app).run();

  it('is for admins only', async () => {
    const member = await registerMember(test.app);
    const moderator = await registerModerator(test.app, test.database);
    expect((await health(member.cookie)).status).toBe(403);
    expect((await health(moderator.cookie)).status).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/health' })).statusCode).toBe(401);
  });

  it("shows the version, the database, the disks, the backups, the mail path, the queue and the jobs' runs", async () => {
    const jobs = startJobs(
      [
        { name: 'retention', next: () => undefined, run: async () => {} },
        { name: 'maintenance', next: () => undefined, run: () => Promise.reject(new Error('VACUUM impossible')) },
      ],
      silent,
      jobRunsRecorder(test.database.db),
    );
    await Promise.all([jobs.now('retention'), jobs.now('maintenance')]);
    await jobs.stop();
    // Three hours old whenever the test runs: a fixed date raised 'backup-missing' once 26 hours
    // had passed since it, in every test of this file.
    const backupAt = new Date(Math.floor((Date.now() - 3 * 60 * MINUTE_MS) / 1000) * 1000);
    const backup = path.join(backupDir, backupName(backupAt));
    await fs.writeFile(backup, Buffer.alloc(1234));
    await fs.utimes(backup, backupAt, backupAt);
    await test.app.mailer.send({ to: admin.email, subject: 'Essai', html: '<p>Essai</p>', text: 'Essai' });

    const { status, body } = await health(admin.cookie);
    expect(status).toBe(200);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.database.mode).toBe(test.database.mode);
    expect(body.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(body.disks.map((disk) => disk.setting)).toEqual(['DATA_DIR', 'BACKUP_DIR']);
    for (const disk of body.disks) expect(disk.freeBytes).toBeGreaterThan(0);
    expect(body.backups.last).toMatchObject({ file: path.basename(backup), bytes: 1234 });
    expect(body.mail).toMatchObject({ path: 'smtp', failingSince: null });
    expect(Date.now() - Date.parse(body.mail.lastSuccessAt!)).toBeLessThan(MINUTE_MS);
    expect(body.deliveries).toEqual({ pending: 0, sending: 0, failedLast30Days: 0 });
    expect(body.jobs).toEqual([
      expect.objectContaining({ name: 'maintenance', lastError: 'VACUUM impossible', consecutiveFailures: 1, lastSucceededAt: null }),
      expect.objectContaining({ name: 'retention', lastError: null, consecutiveFailures: 0 }),
    ]);
    expect(body.alerts).toEqual([]);
  });

  it('raises a failing job, mails it to the admins once a day, and clears it once the job succeeds', async () => {
    await runAlerts();
    let alerts = (await health(admin.cookie)).body.alerts;
    expect(alerts).toEqual([expect.objectContaining({ condition: 'job-failing', detail: expect.stringContaining('maintenance : 1 échec(s) de suite (VACUUM impossible)') })]);
    const mail = await test.mailbox.waitFor(admin.email, (sent) => sent.parsed.subject === `[Unissons] ${alertTitles['job-failing']}`);
    expect(mail.parsed.text).toContain('VACUUM impossible');
    // Another run the same day: no second mail.
    const before = test.mailbox.messages.length;
    await runAlerts();
    expect(test.mailbox.messages.length).toBe(before);

    const jobs = startJobs([{ name: 'maintenance', next: () => undefined, run: async () => {} }], silent, jobRunsRecorder(test.database.db));
    await jobs.now('maintenance');
    await jobs.stop();
    await runAlerts();
    alerts = (await health(admin.cookie)).body.alerts;
    expect(alerts).toEqual([]);
  });

  it('forgets a job the release no longer runs, so its last failure is neither shown nor alerted', async () => {
    await test.database.db.insertInto('job_runs').values({ name: 'ancienne-tache', last_error: 'disparue', consecutive_failures: 3 }).execute();
    const jobs = startJobs([{ name: 'maintenance', next: () => undefined, run: async () => {} }], silent, jobRunsRecorder(test.database.db));
    await jobs.now('maintenance');
    await jobs.stop();
    await expect.poll(async () => (await health(admin.cookie)).body.jobs.map((job) => job.name)).toEqual(['maintenance']);
    await runAlerts();
    expect((await health(admin.cookie)).body.alerts).toEqual([]);

    // A release with no job at all forgets them all.
    const errors: unknown[] = [];
    await startJobs([], { error: (error: unknown) => errors.push(error) }, jobRunsRecorder(test.database.db)).stop();
    expect(errors).toEqual([]);
    expect((await health(admin.cookie)).body.jobs).toEqual([]);
  });

  it('raises a mail server refusing for 15 minutes, and mails the alert once the server takes mail again', async () => {
    test.mailbox.refusing = true;
    await expect(test.app.mailer.send({ to: admin.email, subject: 'Essai', html: '<p>Essai</p>', text: 'Essai' })).rejects.toThrow();
    let body = (await health(admin.cookie)).body;
    expect(body.mail.failingSince).not.toBeNull();
    expect(body.mail.lastError).toContain('421');
    // Fifteen minutes later, still refusing.
    await sql`update mail_health set failing_since = now() - interval '16 minutes'`.execute(test.database.db);
    await runAlerts();
    body = (await health(admin.cookie)).body;
    expect(body.alerts).toEqual([expect.objectContaining({ condition: 'mail-failing', mailedAt: null })]);

    test.mailbox.refusing = false;
    await runAlerts();
    const mail = await test.mailbox.waitFor(admin.email, (sent) => sent.parsed.subject === `[Unissons] ${alertTitles['mail-failing']}`);
    expect(mail.parsed.text).toContain('421');
    // The mail went through: the path works again, and the next run clears the alert.
    await runAlerts();
    expect((await health(admin.cookie)).body.alerts).toEqual([]);
  });

  it('raises a newsletter whose queue has not moved for 15 minutes', async () => {
    const { db } = test.database;
    const { id } = await db.insertInto('newsletters').values({ title: 'Nouvelles', description: '', letter: 'Bonjour', created_by: null }).returning('id').executeTakeFirstOrThrow();
    const member = await registerMember(test.app);
    // Claimed by a worker that stopped: its lease holds for now, so no other worker takes it.
    await db
      .insertInto('newsletter_deliveries')
      .values({ newsletter_id: id, user_id: member.uuid, email: member.email, name: 'Léa', status: 'sending', claim_token: crypto.randomUUID(), available_at: new Date(Date.now() + 60 * MINUTE_MS) })
      .execute();
    await runAlerts();
    expect((await health(admin.cookie)).body.alerts).toEqual([]);
    await sql`update health_watches set changed_at = now() - interval '16 minutes' where name = 'newsletter-queue'`.execute(db);
    await runAlerts();
    expect((await health(admin.cookie)).body.alerts).toEqual([expect.objectContaining({ condition: 'newsletter-stalled', detail: expect.stringContaining('1 envois attendent') })]);
    await db.deleteFrom('newsletters').where('id', '=', id).execute();
    await runAlerts();
    expect((await health(admin.cookie)).body.alerts).toEqual([]);
  });

  it('raises backups missing for 26 hours and a disk under 10 % free', async () => {
    const facts = await siteHealth(test.app);
    const last = { file: 'backup-20261127T030000Z.sql.gz', at: new Date('2026-11-27T03:00:00Z'), bytes: 1234 };
    const now = new Date(last.at.getTime() + 27 * 60 * MINUTE_MS);
    const scheduled = { ...facts, platform: { ...facts.platform, backups: { ...facts.platform.backups, last, everyMs: 86_400_000 } } };
    expect((await heldConditions(test.database.db, scheduled, now)).get('backup-missing')).toMatch(/^La dernière sauvegarde date du 27 novembre 2026 à 04:00\.$/);
    // PostgreSQL's backups are its host's: nothing to watch.
    const hosted = { ...facts, platform: { ...facts.platform, backups: { ...facts.platform.backups, everyMs: null } } };
    expect((await heldConditions(test.database.db, hosted, now)).has('backup-missing')).toBe(false);

    const full = { ...facts, platform: { ...facts.platform, disks: [{ setting: 'BACKUP_DIR' as const, path: '/srv/sauvegardes', freeBytes: 0.9e9, totalBytes: 10e9 }] } };
    expect((await heldConditions(test.database.db, full)).get('disk-low')).toBe('BACKUP_DIR (/srv/sauvegardes) : 0,9 Go libres sur 10 Go.');
    expect((await heldConditions(test.database.db, facts)).has('disk-low')).toBe(false);
  });
});
