// Newsletter: 10,000 subscribers, one newsletter sent by the site's durable worker to a local
// SMTP sink; messages per second against a bare nodemailer pool in the same run. The site runs
// with its rate cap (NEWSLETTER_RATE_PER_SECOND, an SMTP provider's limit) set out of reach, so
// what is measured is the worker's own cost: claims, bookkeeping, building each mail.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { call, loginAdmin } from './lib/client.mjs';
import { inBothModes, withSql } from './lib/database.mjs';
import { median, record, round } from './lib/report.mjs';
import { insertAccounts } from './lib/seed.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';
import { newDataDir, startServer } from './lib/site.mjs';

const RECIPIENTS = Number(process.env.BENCH_NEWSLETTER_RECIPIENTS ?? 10_000);
// Each sender gets at most this long; the rate is what was delivered meanwhile.
const WINDOW_MS = Number(process.env.BENCH_NEWSLETTER_SECONDS ?? 60) * 1000;
// Each round sends one newsletter with the site, then the same letter with the yardstick: one
// run moves by several per cent with the machine's other work, the median of the rounds less.
const ROUNDS = Number(process.env.BENCH_NEWSLETTER_ROUNDS ?? 3);
// The site's SMTP pool size (src/server/platform/mail/mailer.ts).
const POOL_CONNECTIONS = 5;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const BARE_MAILER = path.join(HERE, 'lib/bare-mailer.mjs');
// Far above what either sender reaches on loopback: the cap never holds the site back.
const SITE_RATE_PER_SECOND = 100_000;

const LETTER = {
  title: 'Les nouvelles de novembre',
  desc: 'Ce mois-ci : les premiers trajets partagés et le programme des rencontres.',
  letter: [
    '# Bonjour à toutes et à tous',
    '',
    'Le mois a été riche : **plus de 300 trajets** partagés vers les compétitions, et de nouveaux clubs nous rejoignent.',
    '',
    '## Au programme',
    '',
    '- Les rencontres régionales de décembre',
    '- Un nouveau guide pour les organisations',
    '- Le sondage sur vos déplacements',
    '',
    'Merci de faire vivre [Unissons](https://unissons.fr) !',
  ].join('\n'),
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from, to) => Number(to - from) / 1e9;

async function siteRate(database, sink) {
  sink.reset();
  const server = await startServer({
    database,
    smtpUrl: sink.url,
    env: { NEWSLETTER_RATE_PER_SECOND: String(SITE_RATE_PER_SECOND) },
  });
  try {
    const adminCookie = await loginAdmin(server.url);
    const cpuBefore = server.cpuMs();
    const start = process.hrtime.bigint();
    const { json } = await call(server.url, '/api/fn/newsletter-send', { method: 'POST', body: LETTER, cookie: adminCookie });
    const queuedMs = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`  newsletter-send queued ${json.data.total} deliveries in ${round(queuedMs)} ms`);
    if (json.data.total < RECIPIENTS) throw new Error(`the newsletter went to ${json.data.total} of ${RECIPIENTS} subscribers`);
    const deadline = Date.now() + WINDOW_MS;
    while (sink.stats.messages < json.data.total && Date.now() < deadline) await sleep(200);
    const { messages, bytes, lastAt } = sink.stats;
    const cpuPerMessage = (server.cpuMs() - cpuBefore) / Math.max(messages, 1);
    const elapsed = seconds(start, lastAt || process.hrtime.bigint());
    const rate = messages / elapsed;
    const history = await call(server.url, '/api/admin/newsletters', { cookie: adminCookie });
    const latest = history.json.newsletters[0];
    console.log(
      `  site (NEWSLETTER_RATE_PER_SECOND=${SITE_RATE_PER_SECOND}): ${messages} messages in ${round(elapsed)} s (${round(rate)} msg/s, ${round(bytes / Math.max(messages, 1), 0)} B each); ` +
        `the admin page says sent ${latest?.sent}, failed ${latest?.failed}, pending ${latest?.pending}; ` +
        `${round(cpuPerMessage, 3)} ms of CPU a message`,
    );
    if (messages < json.data.total) {
      console.log(`  (stopped after ${WINDOW_MS / 1000} s; all ${json.data.total} would take about ${round(json.data.total / rate / 60)} min at this rate)`);
    }
    return { rate, cpuPerMessage };
  } finally {
    await server.stop();
  }
}

/**
 * What the yardstick sends: the site's first message as received (subject, HTML, text and
 * the List-Unsubscribe headers), so nodemailer has the same encoding work on both sides and
 * the ratio is the worker's own cost.
 */
async function sameLetter(raw) {
  const email = await PostalMime.parse(raw);
  const header = (name) => email.headers.find((entry) => entry.key === name)?.value;
  return {
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: { 'List-Unsubscribe': header('list-unsubscribe'), 'List-Unsubscribe-Post': header('list-unsubscribe-post') },
  };
}

/** Waits for a child's 'done' report, killing it if it outlives `limitMs`. */
function childDone(child, limitMs, label) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} did not finish`));
    }, limitMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code) reject(new Error(`${label} exited with code ${code}`));
    });
  });
}

async function bareRate(sink, letter) {
  sink.reset();
  const folder = newDataDir('newsletter-letter');
  fs.mkdirSync(folder, { recursive: true });
  const letterFile = path.join(folder, 'letter.json');
  fs.writeFileSync(letterFile, JSON.stringify(letter));
  const child = fork(BARE_MAILER, [sink.port, RECIPIENTS, letterFile, POOL_CONNECTIONS, WINDOW_MS].map(String), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const done = await childDone(child, WINDOW_MS + 30_000, 'bare nodemailer loop');
  const { messages, bytes, lastAt } = sink.stats;
  const elapsed = seconds(BigInt(done.start), lastAt);
  const rate = messages / elapsed;
  const cpuPerMessage = done.cpuMs / Math.max(done.sent, 1);
  console.log(
    `  bare nodemailer pool (${POOL_CONNECTIONS} connections): ${messages} messages in ${round(elapsed)} s ` +
      `(${round(rate)} msg/s, ${round(bytes / Math.max(messages, 1), 0)} B each), ${done.failed} failed; ` +
      `${round(cpuPerMessage, 3)} ms of CPU a message`,
  );
  return { rate, cpuPerMessage };
}

async function runMode(database) {
  const bench = `newsletter/${database.mode}`;
  console.log(`\n[${bench}] ${RECIPIENTS} subscribers, SMTP sink on loopback, at most ${WINDOW_MS / 1000} s per sender`);
  console.log(
    `  the site (its durable worker, from the admin's click to the last message) against a bare nodemailer pool ` +
      `(${POOL_CONNECTIONS} connections, the site's own letter, own process): the worker's own cost`,
  );
  await (await startServer({ database })).stop();
  await withSql(database, async (query) => {
    // Only the benchmark's subscribers receive it, not the admin.
    await query('update users set newsletter = false');
    await insertAccounts(query, { prefix: 'abonne', count: RECIPIENTS, newsletter: true });
  });
  const sink = await startSmtpSink();
  try {
    const rounds = [];
    let letter;
    for (let i = 1; i <= ROUNDS; i++) {
      console.log(`  round ${i} of ${ROUNDS}`);
      const site = await siteRate(database, sink);
      // The first message the sink received, kept until bareRate() resets it.
      letter ??= await sameLetter(sink.stats.first);
      const bare = await bareRate(sink, letter);
      rounds.push({ site: site.rate, bare: bare.rate, ratio: site.rate / bare.rate, cpu: site.cpuPerMessage / bare.cpuPerMessage });
      console.log(`  site / bare: ${round(site.rate / bare.rate, 2)}×; CPU a message, site / bare: ${round(site.cpuPerMessage / bare.cpuPerMessage, 2)}×`);
    }
    const medianOf = (key) => median(rounds.map((r) => r[key]));
    console.log(`  medians of ${ROUNDS} rounds (ratios ${rounds.map((r) => round(r.ratio, 2)).join(', ')})`);
    record(bench, 'site worker', medianOf('site'), ' msg/s');
    record(bench, 'bare nodemailer pool', medianOf('bare'), ' msg/s');
    record(bench, 'site / bare', medianOf('ratio'), '×', { op: '>=', value: 0.8 });
    // Less moved by the machine's other work than the rates: where the worker's own cost goes.
    record(bench, 'CPU a message, site / bare', medianOf('cpu'), '×');
  } finally {
    await sink.close();
  }
}

export async function run() {
  await inBothModes('newsletter', runMode);
}
