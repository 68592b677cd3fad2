// The site's own newsletter worker and queue, run through tsx with the worker's rate cap
// lifted: what the worker's own work (claims, per-message bookkeeping, SMTP pool) allows once
// the deliberate cap of DEFAULT_WORKER_SETTINGS.ratePerSecond is out of the way.
// Arguments: embedded data folder (server stopped), SMTP URL, time limit in ms, letter as JSON.
// Reports { type: 'done', start, queued, sent } (hrtime ns as strings) over IPC.
import { sql } from 'kysely';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { queueNewsletter } from '../../src/server/features/newsletter/newsletters';
import { NewsletterWorker } from '../../src/server/features/newsletter/worker';
import { createMailer } from '../../src/server/mail/mailer';

const [dataDir, smtpUrl, limitMs, letterJson] = process.argv.slice(2);
const letter = JSON.parse(letterJson) as { title: string; desc: string; letter: string };
const config = readConfig({ DATA_DIR: dataDir, SMTP_URL: smtpUrl });
const database = await openDatabase({ dataDir: config.dataDir });
const { db } = database;
// The capped run's newsletter goes (its deliveries with it): this one starts from a clean queue.
await db.deleteFrom('newsletters').execute();
const admin = await db.selectFrom('users').select('id').where(sql<boolean>`'admin' = any(roles)`).executeTakeFirstOrThrow();
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
const worker = new NewsletterWorker({ db, mailer, site: config.public, settings: { ratePerSecond: 1_000_000 } });

const start = process.hrtime.bigint();
const queued = await queueNewsletter(db, { title: letter.title, description: letter.desc, letter: letter.letter, filter: undefined, createdBy: admin.id });
worker.start();
const deadline = Date.now() + Number(limitMs);
let sent = 0;
while (sent < queued.total && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select(sql<string>`count(*)`.as('sent'))
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  sent = Number(row.sent);
}
await worker.stop();
mailer.close();
await database.close();
process.send?.({ type: 'done', start: String(start), queued: queued.total, sent });
process.disconnect?.();
