import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertAccounts } from '../platform/testing/accounts';
import { describeOnPostgresql } from '../platform/testing/postgresql-only';
import type { ServerProcess } from '../platform/testing/server-process';
import { TestSmtp } from '../platform/testing/smtp-server';
import { waitUntilSettled } from '../testing/deliveries';
import { setUpServerProcesses } from '../testing/instances';

const ADMIN = { ADMIN_EMAIL: 'admin@unissons.test', ADMIN_PASSWORD: 'Together-Admin-25!' };
const RECIPIENTS = 300;
const WORDS = 160;
// Both instances together: the sending lasts a few seconds, long enough to be cut in the middle.
const RATE = 100;
// A dead instance's claims are taken again after this; two minutes in production. An SMTP
// exchange is given up after a quarter of it, which a loaded test machine stays well within.
const LEASE_SECONDS = 12;
// Where the admin sends the test letter that each instance's SMTP thread starts with.
const TEST_ADDRESS = 'essai@unissons.test';
// The instance dies as its SMTP server accepts its this-many-th mail of the newsletter.
const KILL_AFTER_MAILS = 30;
const MODERATORS_AT_ONCE = 4;

type Decision = 'approve' | 'refuse';

/**
 * Two real server processes on one PostgreSQL database, each with its own SMTP server (so the
 * test knows which one sent a mail). A newsletter goes out while moderators decide on words on
 * both; one process is killed with SIGKILL in the middle of both.
 */
describeOnPostgresql('two instances, one killed during a sending and a moderation burst', () => {
  let doomedSmtp: TestSmtp;
  let survivorSmtp: TestSmtp;
  /** When the survivor's SMTP server accepted each of its mails, in the order of its `accepted`. */
  const survivorAcceptedAt: number[] = [];
  /** Called as the doomed instance's SMTP server accepts each mail, before it answers. */
  let onDoomedMail = () => {};

  beforeAll(async () => {
    [doomedSmtp, survivorSmtp] = await Promise.all([
      TestSmtp.start({ onReceived: () => onDoomedMail() }),
      TestSmtp.start({ onReceived: () => survivorAcceptedAt.push(Date.now()) }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([doomedSmtp?.stop(), survivorSmtp?.stop()]);
  });

  // The doomed instance first, the survivor second, each with its own SMTP server.
  const site = setUpServerProcesses({
    count: 2,
    env: (index) => ({
      ...ADMIN,
      DATA_DIR: '/nonexistent-test-data',
      NEWSLETTER_RATE_PER_SECOND: String(RATE),
      NEWSLETTER_LEASE_SECONDS: String(LEASE_SECONDS),
      SMTP_URL: [doomedSmtp, survivorSmtp][index].url,
    }),
    timeout: 90_000,
  });

  /** Signs the admin in on `server`: each instance's moderator has a session of their own. */
  async function signIn(server: ServerProcess): Promise<string> {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith('unissons_session='));
    return cookie!.split(';')[0];
  }

  it(
    'finishes the sending on the other instance, one copy each but for the mails accepted and not yet recorded, and keeps every decision acknowledged once',
    { timeout: 60_000 },
    async (context) => {
      const { database } = site;
      const [doomed, survivor] = site.servers;
      const readers = await insertAccounts(database.db, RECIPIENTS);
      const words = await database.db
        .insertInto('words')
        .values(readers.slice(0, WORDS).map((reader, index) => ({ author_id: reader.id, content: `Mot numéro ${index}` })))
        .returning('id')
        .execute();
      const cookies = new Map([
        [doomed, await signIn(doomed)],
        [survivor, await signIn(survivor)],
      ]);

      // The admin's test letter, from each instance, as before any sending: each starts its SMTP thread.
      const letter = { title: 'Grande nouvelle', desc: 'Tout le monde la reçoit', letter: 'Bonjour à **tous** !' };
      for (const server of [doomed, survivor]) {
        const tried = await fetch(`${server.url}/api/fn/newsletter-sendTest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies.get(server)! },
          body: JSON.stringify({ ...letter, email: TEST_ADDRESS, userId: readers[0].id }),
        });
        expect(tried.status).toBe(200);
      }

      let newsletterId = '';
      const claimed = () =>
        database.db
          .selectFrom('newsletter_deliveries')
          .select(['email', 'claim_token', 'status'])
          .where('newsletter_id', '=', newsletterId)
          .where('status', 'in', ['sending', 'sent'])
          .execute();
      let killedAt: number | undefined;
      // The deliveries as the killed instance left them, read once any statement it had under
      // way has ended, well before its lease runs out.
      let leftAtKill: Promise<Awaited<ReturnType<typeof claimed>>> | undefined;
      // Which claim each mail being sent belongs to, watched until the kill: a claim whose mails
      // the doomed instance's SMTP server received is the doomed instance's.
      const claimOf = new Map<string, string | null>();
      let finished = false;
      context.onTestFinished(() => {
        finished = true;
      });
      const watching = (async () => {
        while (killedAt === undefined && !finished) {
          if (newsletterId)
            for (const row of await claimed()) if (row.status === 'sending') claimOf.set(row.email, row.claim_token);
          await sleep(25);
        }
      })();
      // Killed as its SMTP server accepts one of its mails: in the middle of the sending, with
      // mails in flight and others accepted but not yet recorded.
      let mailsFromDoomed = 0;
      onDoomedMail = () => {
        mailsFromDoomed += 1;
        if (killedAt !== undefined || !newsletterId || mailsFromDoomed < KILL_AFTER_MAILS) return;
        killedAt = Date.now();
        doomed.child.kill('SIGKILL');
        leftAtKill = doomed.exited.then(() => sleep(300)).then(claimed);
      };

      // The moderators: each word decided once, half of them on each instance; a request the
      // killed instance does not answer is made again on the other, as a moderator would.
      const acknowledged = new Map<string, Decision>();
      let failedRequests = 0;
      let decisionsMade = 0;
      let next = 0;
      const moderator = async () => {
        for (let index = next++; index < words.length; index = next++) {
          const { id } = words[index];
          const decision: Decision = index % 2 === 0 ? 'approve' : 'refuse';
          const decide = (server: ServerProcess) =>
            fetch(`${server.url}/api/admin/words/${id}/${decision}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: cookies.get(server)! },
              body: '{}',
            });
          const first = Math.floor(index / 2) % 2 === 0 ? doomed : survivor;
          let response = await decide(first).catch(() => {
            expect(first).toBe(doomed);
            failedRequests += 1;
            return undefined;
          });
          // The other instance: 204, or 409 when the killed one had made it before dying.
          response ??= await decide(survivor);
          expect([204, 409]).toContain(response.status);
          if (response.status === 204) acknowledged.set(id, decision);
          decisionsMade += 1;
          // A moderator reads each word before deciding: on a fast machine too, the burst
          // lasts past the kill (160 words, four at a time, 1.6 s at least).
          await sleep(40);
        }
      };
      const moderating = Promise.all(Array.from({ length: MODERATORS_AT_ONCE }, moderator));
      while (decisionsMade < MODERATORS_AT_ONCE * 2) await sleep(10);

      // Queued on the instance that will die, while the moderators are at work: told first, it
      // claims the first mails.
      const queued = await fetch(`${doomed.url}/api/fn/newsletter-send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies.get(doomed)! },
        body: JSON.stringify({ ...letter, idempotencyKey: randomBytes(12).toString('hex') }),
      });
      expect(queued.status).toBe(200);
      const { data } = (await queued.json()) as { data: { newsletterId: string; total: number } };
      newsletterId = data.newsletterId;
      mailsFromDoomed = 0;
      const { total } = data;
      expect(total).toBeGreaterThanOrEqual(RECIPIENTS);

      await moderating;
      // The kill came in the middle of the moderators' work: requests to it failed.
      expect(decisionsMade).toBe(WORDS);
      expect(failedRequests).toBeGreaterThan(0);
      expect(killedAt).toBeDefined();
      await doomed.exited;

      // What the killed instance left: its claims, still held, which the survivor may take only
      // once their lease has run out; among them, mails the SMTP server accepted from it that it
      // had not yet recorded as sent.
      await watching;
      const atKill = await leftAtKill!;
      const sentAtKill = atKill.filter((row) => row.status === 'sent').length;
      const fromDoomed = new Set(doomedSmtp.accepted.map((mail) => mail.to));
      const doomedClaims = new Set([...fromDoomed].map((email) => claimOf.get(email)).filter((token) => token));
      const orphaned = atKill.filter((row) => row.status === 'sending' && doomedClaims.has(row.claim_token));
      const unrecorded = new Set(orphaned.map((row) => row.email).filter((email) => fromDoomed.has(email)));
      // It died in the middle of the sending, holding mails it had not sent.
      expect(sentAtKill).toBeLessThan(total);
      expect(orphaned.length).toBeGreaterThan(unrecorded.size);

      const counts = await waitUntilSettled(database.db, newsletterId, 40_000);
      const settledAt = Date.now();
      expect(counts).toEqual({ pending: 0, sending: 0, sent: total, failed: 0 });

      // Every member got the letter; twice only the mails the killed instance had sent and not recorded.
      const copies = new Map<string, number>();
      // Each copy of one member's letter has the same Message-ID, by which their mail provider shows one.
      const messageIds = new Map<string, Set<string>>();
      // The letter's recipients only: not the test letter, nor the admin's 'new browser' notices.
      const recipients = new Set(
        (
          await database.db
            .selectFrom('newsletter_deliveries')
            .select('email')
            .where('newsletter_id', '=', newsletterId)
            .execute()
        ).map((row) => row.email),
      );
      for (const mail of [...doomedSmtp.accepted, ...survivorSmtp.accepted])
        if (recipients.has(mail.to)) {
          copies.set(mail.to, (copies.get(mail.to) ?? 0) + 1);
          // Headers unfolded first: nodemailer folds a long one onto the next line.
          const messageId = /^Message-ID:\s*(\S+)/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
          messageIds.set(mail.to, (messageIds.get(mail.to) ?? new Set()).add(messageId));
        }
      expect(copies.size).toBe(total);
      for (const reader of readers) expect(copies.get(reader.email), reader.email).toBeGreaterThanOrEqual(1);
      const twice = [...copies].filter(([, count]) => count > 1);
      for (const [email, count] of twice) {
        expect(count, email).toBe(2);
        expect(unrecorded.has(email), email).toBe(true);
      }
      expect(twice.length).toBe(unrecorded.size);
      for (const [email, ids] of messageIds) expect([...ids], email).toEqual([expect.stringMatching(new RegExp(`^<newsletter\\.${newsletterId}\\.`))]);
      // The survivor sent what the dead instance held, once its lease had run out.
      const takenOver = survivorSmtp.accepted.flatMap((mail, index) =>
        orphaned.some((row) => row.email === mail.to) ? [survivorAcceptedAt[index]] : [],
      );
      expect(takenOver).toHaveLength(orphaned.length);
      const firstTakenOver = Math.min(...takenOver) - killedAt!;

      // Every decision made once: each word is in the journal once, under its decision, and its
      // row says the same; an acknowledged decision is among them.
      const journal = await database.db
        .selectFrom('journal')
        .select(['target_id', 'kind'])
        .where('target_type', '=', 'word')
        .where(
          'target_id',
          'in',
          words.map((word) => word.id),
        )
        .execute();
      expect(journal).toHaveLength(WORDS);
      const published = new Set(
        (await database.db.selectFrom('words').select('id').where('public', '=', true).execute()).map((row) => row.id),
      );
      const remaining = new Set((await database.db.selectFrom('words').select('id').execute()).map((row) => row.id));
      for (const [index, { id }] of words.entries()) {
        const decision: Decision = index % 2 === 0 ? 'approve' : 'refuse';
        expect(journal.filter((entry) => entry.target_id === id).map((entry) => entry.kind)).toEqual([`moderation/${decision}`]);
        if (decision === 'approve') expect(published.has(id)).toBe(true);
        else expect(remaining.has(id)).toBe(false);
      }
      for (const [id, decision] of acknowledged)
        expect(journal.find((entry) => entry.target_id === id)?.kind).toBe(`moderation/${decision}`);

      context.annotate(
        `killed with ${sentAtKill} of ${total} mails recorded as sent and ${orphaned.length} claimed by it; ` +
          `the survivor took them over ${firstTakenOver} ms after the kill (lease ${LEASE_SECONDS} s) and the sending was over ${settledAt - killedAt!} ms after it; ` +
          `${twice.length} mails sent twice (accepted from the killed instance, not yet recorded); ` +
          `${failedRequests} moderation requests failed on the killed instance and were made again on the other; ` +
          `${acknowledged.size} of ${WORDS} decisions acknowledged, none lost, none applied twice`,
      );
    },
  );
});
