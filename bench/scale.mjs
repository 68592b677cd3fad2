// Cost as the site grows: the same requests at 10,000, 100,000 and 1,000,000 members
// (BENCH_SCALE_SIZES), on PostgreSQL, and on the embedded database up to 100,000. Data goes
// in by set-based SQL, grown in place from one size to the next; what is measured goes
// through the API of the production server, restarted after each seeding so its caches start
// from the database.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { call, login, loginAdmin, registerMembers, MEMBER_PASSWORD } from './lib/client.mjs';
import { pgliteDatabase, postgresDatabase, postgresUnavailable, withSql } from './lib/database.mjs';
import { percentile, record, round, skipped } from './lib/report.mjs';
import { startServer } from './lib/site.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const EMBEDDED_MAX = Number(process.env.BENCH_SCALE_EMBEDDED_MAX ?? 100_000);
const CONNECTIONS = 20;
// 3 s per API keeps the whole benchmark (five sizes, the million seeded, a million
// deliveries queued) under 15 minutes here: 947 s with 4 s and 15 s of sending.
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 3);
/** How long the newsletter worker's memory is watched while it sends to every subscriber. */
const SEND_SECONDS = Number(process.env.BENCH_SCALE_SEND_SECONDS ?? 10);
const P95_MS = 50;
const SPORTS = 2000;
const NEWSLETTERS = 50;
const PRE_USE = {
  heard: ['Instagram', 'Bouche à oreille'],
  reasons: { value: ['Autre'], subValue: 'Aller au trail avec des amis' },
  'wont-use': { value: ['Le prix du trajet'] },
  expectations: 'Trouver facilement un trajet pour les matchs',
};

/** The session cookie of a member signed in by SQL: the server keeps sha256(token) as the id. */
function sessionFor(userId) {
  const token = createHash('sha256').update(`scale-${userId}`).digest('base64url');
  const id = createHash('sha256').update(token).digest('base64url');
  return { row: { id, userId }, cookie: `unissons_session=${token}` };
}

/**
 * Grows the site's data from `from` to `to` person accounts, with what comes with them:
 * 1 organisation per 100 members, a public word per 20 and a word waiting for moderation per
 * 100 (at most 10,000 waiting), 2 reactions per member over 2,000 sports, a pre-use survey
 * answer per 5, and 50 past newsletters, each with its delivery rows to the tenth of members
 * who take it. Accounts share one real password hash, so any of them can sign in.
 */
async function grow(query, from, to, passwordHash) {
  await query(
    `insert into users (email, username, firstname, lastname, account_type, password_hash, newsletter, email_verified_at, created_at)
     select 'membre' || i || '@scale.test', 'membre' || i, 'Camille', 'Dupont' || i, 'user', $3, i % 10 = 0, now(), now() - (i % 5000) * interval '1 hour'
     from generate_series($1::int + 1, $2::int) as i`,
    [from, to, passwordHash],
  );
  // Organisations join over the same months as members, between them: all created at one
  // instant, newer than every member, they made the newest-first members search walk 10,000
  // accounts no common word matches before its first result (437 ms, a shape no site has).
  await query(
    `insert into users (email, username, account_type, password_hash, email_verified_at, created_at)
     select 'club' || i || '@scale.test', 'club' || i, 'organisation', $3, now(), now() - (i % 5000) * interval '1 hour' - interval '30 minutes'
     from generate_series($1::int / 100 + 1, $2::int / 100) as i`,
    [from, to, passwordHash],
  );
  await query(
    `insert into words (author_id, content, public, published_at, created_at)
     select id, 'Merci à toute l''équipe, vivement les premiers trajets ensemble !', n % 20 = 0,
            case when n % 20 = 0 then now() - (n % 43200) * interval '1 minute' end, now() - (n % 43200) * interval '1 minute'
     from (select id, substring(email from 'membre(\\d+)@')::int as n from users where email like 'membre%@scale.test') as members
     where n > $1 and n <= $2 and (n % 20 = 0 or (n % 100 = 1 and n <= 1000000))`,
    [from, to],
  );
  if (from === 0) {
    await query(
      `insert into sports (id, name, duplicate_key, emoji, public, published_at)
       select 'sport ' || s, 'Sport ' || s, 'sport' || s, '🏃', true, now() from generate_series(1, ${SPORTS}) as s`,
    );
  }
  // Row by row, the trigger that keeps each sport's counts would cost minutes at 2,000,000
  // reactions: off for the bulk insert, then the counts are taken once, as the migration does.
  await query('alter table sport_reactions disable trigger sport_reaction_counts');
  await query(
    `insert into sport_reactions (sport_id, user_id, reaction)
     select 'sport ' || (1 + (n * pick) % ${SPORTS}), id, (array['love', 'wow', 'no'])[1 + (n + pick) % 3]
     from (select id, substring(email from 'membre(\\d+)@')::int as n from users where email like 'membre%@scale.test') as members
     cross join (values (7), (13)) as picks (pick)
     where n > $1 and n <= $2
     on conflict do nothing`,
    [from, to],
  );
  await query('alter table sport_reactions enable trigger sport_reaction_counts');
  await query(
    `update sports set love_count = counted.love, wow_count = counted.wow, no_count = counted.no
     from (select sport_id, count(*) filter (where reaction = 'love')::int as love, count(*) filter (where reaction = 'wow')::int as wow,
                  count(*) filter (where reaction = 'no')::int as no
           from sport_reactions group by sport_id) as counted
     where counted.sport_id = sports.id`,
  );
  await query(
    `with answering as (
       select id from (select id, substring(email from 'membre(\\d+)@')::int as n from users where email like 'membre%@scale.test') as members
       where n > $1 and n <= $2 and n % 5 = 0
     ), submitted as (
       insert into survey_submissions (survey_id, user_id) select 'pre-use', id from answering returning 1
     )
     insert into survey_answers (survey_id, responses, answered_on)
     select 'pre-use', $3::jsonb, current_date - (random() * 300)::int from submitted`,
    [from, to, JSON.stringify(PRE_USE)],
  );
  // The journal: one approval per word published in the range, by the admin, as moderating
  // them would have written, over the last 12 months it keeps.
  await query(
    `insert into journal (created_at, actor_id, actor_name, kind, target_type, target_id, summary)
     select words.published_at - interval '1 minute', admin.id, admin.username, 'moderation/approve', 'word', words.id::text, words.content
     from words
     join (select id, substring(email from 'membre(\\d+)@')::int as n from users where email like 'membre%@scale.test') as members on members.id = words.author_id
     cross join (select id, username from users where roles @> array['admin'] limit 1) as admin
     where words.public and members.n > $1 and members.n <= $2`,
    [from, to],
  );
  if (from === 0) {
    await query(
      `insert into newsletters (title, description, letter, created_at)
       select 'Les nouvelles n°' || k, 'Ce qui bouge', '## Bonjour', now() - k * interval '7 days' from generate_series(1, ${NEWSLETTERS}) as k`,
    );
  }
  await query(
    `insert into newsletter_deliveries (newsletter_id, user_id, email, name, status, sent_at)
     select newsletters.id, users.id, users.email, users.firstname, 'sent', newsletters.created_at
     from newsletters cross join users
     where users.email like 'membre%@scale.test' and users.newsletter
       and substring(users.email from 'membre(\\d+)@')::int > $1 and substring(users.email from 'membre(\\d+)@')::int <= $2`,
    [from, to],
  );
}

/**
 * Members of the last grown range (from, to] signed in by SQL, `count` of them; `unanswered`:
 * only members who have not answered the pre-use survey (the seeding answers for n % 5 = 0).
 */
async function signInByQuery(query, { from, to, count, unanswered = false }) {
  const rows = await query(
    `select id from (select id, substring(email from 'membre(\\d+)@')::int as n from users where email like 'membre%@scale.test') as members
     where n > $1 and n <= $2 and (not $4 or n % 5 <> 0) order by n limit $3`,
    [from, to, count, unanswered],
  );
  const sessions = rows.map((row) => sessionFor(row.id));
  await query(
    `insert into sessions (id, user_id, expires_at) select unnest($1::text[]), unnest($2::uuid[]), now() + interval '30 days' on conflict do nothing`,
    [sessions.map((session) => session.row.id), sessions.map((session) => session.row.userId)],
  );
  return sessions.map((session, i) => ({ cookie: session.cookie, id: rows[i].id }));
}

async function load(options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' }, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99, // autocannon reports p97.5, not p95: the stricter of the two
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** Requests that take turns among `members`, so each is another member's; `make(member, turn)` gives the body. */
function asMembers(members, { make, ...request }) {
  let turn = 0;
  return [
    {
      ...request,
      setupRequest(req) {
        turn += 1;
        const member = members[turn % members.length];
        const body = make?.(member, turn);
        return {
          ...req,
          headers: { ...req.headers, cookie: member.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        };
      },
    },
  ];
}

/**
 * Measures one size. `beforeSend` runs just before the newsletter is queued (at the largest
 * size on PostgreSQL it subscribes every member, so a million deliveries are queued for real).
 */
async function measureSize(bench, size, server, sink, { members, fresh }, adminCookie, beforeSend) {
  const { url } = server;
  const target = { op: '<=', value: P95_MS };
  // The first survey results after a start tally the settled days (once per instance); that
  // answer also gives the second page of the pre-use free texts, as 'Voir plus' asks for it.
  const resultsStart = performance.now();
  const results = await call(url, '/api/admin/surveys', { cookie: adminCookie });
  record(bench, 'GET /api/admin/surveys, first after the start', performance.now() - resultsStart, ' ms');
  const next = results.json?.surveys?.[0]?.questions?.find((question) => question.id === 'expectations')?.texts?.next;
  // The dashboard's charts count every member by joining week, the words, reactions and answers
  // from their indexes; counted once, then kept five minutes (the runs below read the kept count).
  const statisticsStart = performance.now();
  await call(url, '/api/admin/statistics', { cookie: adminCookie });
  record(bench, 'GET /api/admin/statistics, first after the start', performance.now() - statisticsStart, ' ms', { op: '<=', value: 2000 });
  const textsPath = `/api/admin/surveys/pre-use/texts?question=expectations&list=answers&after=${encodeURIComponent(next ?? '')}`;
  const runs = {
    'GET /api/words': { url: `${url}/api/words` },
    'GET /api/counter': { url: `${url}/api/counter` },
    'GET /api/sports': { url: `${url}/api/sports` },
    'GET /api/auth/me (member)': { url, requests: asMembers(members, { method: 'GET', path: '/api/auth/me' }) },
    'GET /api/sports/mine (vote list)': { url, requests: asMembers(members, { method: 'GET', path: '/api/sports/mine' }) },
    'POST /api/sports/:id/reaction': {
      url,
      requests: asMembers(members, { method: 'POST', path: `/api/sports/${encodeURIComponent('sport 1')}/reaction`, make: (_member, turn) => ({ reaction: ['love', 'wow', 'no'][turn % 3] }) }),
    },
    'GET /api/account/export (member)': { url, requests: asMembers(members, { method: 'GET', path: '/api/account/export' }) },
    'GET /api/admin/moderation': { url: `${url}/api/admin/moderation`, headers: { cookie: adminCookie } },
    'GET /api/admin/surveys': { url: `${url}/api/admin/surveys`, headers: { cookie: adminCookie } },
    // A name a tenth of the members share, then a rare one, then a filter alone (the members search).
    'GET /api/admin/members?q=dupont1': { url: `${url}/api/admin/members?q=dupont1`, headers: { cookie: adminCookie } },
    'GET /api/admin/members?q=membre4242': { url: `${url}/api/admin/members?q=membre4242`, headers: { cookie: adminCookie } },
    'GET /api/admin/members?type=organisation': { url: `${url}/api/admin/members?type=organisation`, headers: { cookie: adminCookie } },
    'GET /api/admin/journal': { url: `${url}/api/admin/journal`, headers: { cookie: adminCookie } },
    'GET /api/admin/journal?kind=moderation/approve': { url: `${url}/api/admin/journal?kind=moderation%2Fapprove`, headers: { cookie: adminCookie } },
    'GET /api/admin/surveys/:id/texts (next page)': { url: `${url}${textsPath}`, headers: { cookie: adminCookie } },
    // The health panel and the audience: counts through partial indexes, never a scan of the members.
    'GET /api/admin/health': { url: `${url}/api/admin/health`, headers: { cookie: adminCookie } },
    'GET /api/admin/audience': { url: `${url}/api/admin/audience`, headers: { cookie: adminCookie } },
    'GET /api/admin/statistics': { url: `${url}/api/admin/statistics`, headers: { cookie: adminCookie } },
  };
  for (const [label, options] of Object.entries(runs)) {
    const figures = await load(options);
    console.log(`  ${label}: ${round(figures.rps)} req/s, p50 ${figures.p50} ms, p97.5 ${figures.p95} ms, p99 ${figures.p99} ms, ${figures.bad} errors`);
    record(bench, `${label} req/s`, figures.rps, '');
    record(bench, `${label} p50`, figures.p50, ' ms');
    record(bench, `${label} p97.5`, figures.p95, ' ms', target);
    record(bench, `${label} p99`, figures.p99, ' ms');
    if (figures.bad > 0) record(bench, `${label} errors`, figures.bad, '', { op: '<=', value: 0 });
  }
  // The vote page as it lives: the list read while members react, each toggle invalidating it
  // (10 connections each), so every read may recompute it from the sports' kept counts.
  const [, sportsWhileReacting] = await Promise.all([
    load({ ...runs['POST /api/sports/:id/reaction'], connections: CONNECTIONS / 2 }),
    load({ ...runs['GET /api/sports'], connections: CONNECTIONS / 2 }),
  ]);
  console.log(`  GET /api/sports while members react: ${round(sportsWhileReacting.rps)} req/s, p97.5 ${sportsWhileReacting.p95} ms`);
  record(bench, 'GET /api/sports while members react p97.5', sportsWhileReacting.p95, ' ms', target);

  // Members who have not answered yet, one answer each.
  const submit = await load({
    url,
    amount: fresh.length,
    requests: asMembers(fresh, {
      method: 'POST',
      path: '/api/fn/users-submitSurvey',
      make: (member) => ({ surveyId: 'pre-use', userId: member.id, responses: PRE_USE }),
    }),
  });
  console.log(`  POST users-submitSurvey (${fresh.length} members, once each): ${round(submit.rps)} req/s, p50 ${submit.p50} ms, p97.5 ${submit.p95} ms`);
  record(bench, 'POST users-submitSurvey p97.5', submit.p95, ' ms', target);

  // Login: argon2 by design (about 8 ms of CPU a check), so its own row, not the 50 ms target.
  const loginRuns = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await login(url, `membre${1 + ((i * 7919) % size)}@scale.test`, MEMBER_PASSWORD);
    loginRuns.push(performance.now() - started);
  }
  record(bench, 'login (one at a time) p95', percentile(loginRuns, 95), ' ms');

  const csvStart = performance.now();
  const rssBefore = server.rssKb();
  const csv = await fetch(`${url}/api/admin/surveys/pre-use/export.csv`, { headers: { cookie: adminCookie } });
  const csvBytes = (await csv.arrayBuffer()).byteLength;
  record(bench, `survey CSV export (${round(csvBytes / 1e6)} MB)`, performance.now() - csvStart, ' ms');
  record(bench, 'server RSS growth during the CSV export', (server.rssKb() - rssBefore) / 1024, ' MB');

  await beforeSend?.();
  const queueStart = performance.now();
  const sent = await call(url, '/api/fn/newsletter-send', {
    method: 'POST',
    cookie: adminCookie,
    body: { letter: 'Bonjour à tous', title: 'Grande nouvelle', desc: 'À lire', idempotencyKey: `scale-${size}-${Date.now()}` },
  });
  record(bench, `newsletter-send queueing (${sent.json?.data?.total ?? '?'} deliveries)`, performance.now() - queueStart, ' ms', { op: '<=', value: 60_000 });
  // The worker sends to every subscriber meanwhile (to the sink, as fast as it goes): its
  // memory must stay flat whatever the queue's length. Read every 100 ms for SEND_SECONDS.
  sink.reset();
  const readings = [];
  const sendingUntil = Date.now() + SEND_SECONDS * 1000;
  while (Date.now() < sendingUntil) {
    readings.push(server.rssKb() / 1024);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  record(bench, `newsletter sending: mails in ${SEND_SECONDS} s`, sink.stats.messages, '');
  record(bench, 'server RSS while sending, first second', Math.max(...readings.slice(0, 10)), ' MB');
  record(bench, 'server RSS while sending, highest', Math.max(...readings), ' MB', { op: '<=', value: 300 });
  record(bench, 'server RSS', server.rssKb() / 1024, ' MB', { op: '<=', value: 300 });
}

async function runMode(database, sizes, sink) {
  console.log(`\n[scale/${database.mode}] ${sizes.join(', ')} members`);
  // First start: migrations and the admin; one member through the API gives the password hash.
  let server = await startServer({ database, env: { REACTION_RATE_LIMIT_PER_MINUTE: '1000000' } });
  await registerMembers(server.url, 1, 'modele');
  await server.stop();
  let from = 0;
  for (const size of sizes) {
    const bench = `scale/${database.mode}/${size}`;
    const started = Date.now();
    // The embedded database takes one process at a time: every query here runs with the server stopped.
    const signedIn = await withSql(database, async (query) => {
      const [{ password_hash: passwordHash }] = await query(`select password_hash from users where email = 'modele0@bench.test'`);
      await grow(query, from, size, passwordHash);
      await query('analyze');
      return {
        members: await signInByQuery(query, { from, to: size, count: 500 }),
        fresh: await signInByQuery(query, { from, to: size, count: Math.min((size - from) / 2, 5000), unanswered: true }),
      };
    });
    console.log(`  grown from ${from} to ${size} members by SQL in ${round((Date.now() - started) / 1000)} s`);
    from = size;
    server = await startServer({ database, smtpUrl: sink.url, env: { REACTION_RATE_LIMIT_PER_MINUTE: '1000000', NEWSLETTER_RATE_PER_SECOND: '100000' } });
    const largest = size === Math.max(...sizes);
    // The target is a million deliveries queued; a tenth of the seeded members take the
    // newsletter, so at the largest size on PostgreSQL every member subscribes first (by SQL,
    // beside the running server, untimed): the queueing and the worker's memory are measured
    // on a queue as long as the members.
    const subscribeEveryone =
      largest && database.mode === 'postgres'
        ? async () => {
            const started = Date.now();
            await withSql(database, (query) => query('update users set newsletter = true where not newsletter'));
            console.log(`  every member subscribed by SQL in ${round((Date.now() - started) / 1000)} s`);
          }
        : undefined;
    try {
      await measureSize(bench, size, server, sink, signedIn, await loginAdmin(server.url), subscribeEveryone);
    } catch (error) {
      // A server that fell over is a figure of its own (the next size starts a new one).
      console.error(`  [${bench}] stopped: ${error.message}`);
      skipped(bench, 'the figures after this point', `the measurement failed: ${error.cause?.message ?? error.message}`);
    } finally {
      await server.stop();
    }
    // What the worker had not sent yet would be sent during the next size's measurements.
    if (!largest) {
      await withSql(database, (query) => query(`update newsletter_deliveries set status = 'failed', last_error = 'scale benchmark' where status in ('pending', 'sending')`));
    }
    const [{ bytes }] = await withSql(database, (query) => query('select pg_database_size(current_database())::bigint as bytes'));
    record(bench, 'database size', Number(bytes) / 2 ** 20, ' MB');
  }
}

export async function run() {
  const sink = await startSmtpSink();
  try {
    const embedded = SIZES.filter((size) => size <= EMBEDDED_MAX);
    if (embedded.length > 0) await runMode(pgliteDatabase('scale'), embedded, sink);
    const unavailable = await postgresUnavailable();
    if (unavailable) {
      skipped('scale/postgres', 'all', unavailable);
      return;
    }
    const postgres = await postgresDatabase('scale');
    try {
      await runMode(postgres, SIZES, sink);
    } finally {
      await postgres.drop();
    }
  } finally {
    await sink.close();
  }
}
