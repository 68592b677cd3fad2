// API throughput: GET /api/words with 5,000 approved words and POST /api/sports/:id/reaction
// from 200 signed-in members, each next to the same server answering a static file, on the
// embedded database and on PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { call, loginAdmin, registerMembers, wireSize } from './lib/client.mjs';
import { inBothModes, withSql } from './lib/database.mjs';
import { median, record, round } from './lib/report.mjs';
import { insertAccounts, insertWords } from './lib/seed.mjs';
import { siteBuild, startServer } from './lib/site.mjs';

const WORDS = 5000;
const MEMBERS = 200;
export const SPORT = { name: 'Escalade', emoji: '🧗' };
const REACTIONS = ['love', 'wow', 'no'];
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 20);
// What a browser sends: the server compresses JSON on the fly, static files are pre-compressed.
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

async function load(options, duration) {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options, headers: { ...BROWSER_HEADERS, ...options.headers } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}


/**
 * Runs the variants in turn, ROUNDS times (after a short unmeasured warm-up of each), so a
 * change in the machine's load falls on all of them; ratios are taken within each round.
 * Returns, per label, the list of its rounds.
 */
async function measureInterleaved(bench, variants) {
  for (const { options } of variants) await load(options, 2);
  const rounds = Object.fromEntries(variants.map(({ label }) => [label, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const { label, options } of variants) rounds[label].push(await load(options, DURATION_S));
  }
  for (const { label } of variants) {
    const runs = rounds[label];
    const [rps, p50, p99] = ['rps', 'p50', 'p99'].map((key) => median(runs.map((run) => run[key])));
    const bad = runs.reduce((total, run) => total + run.bad, 0);
    console.log(`  ${label}: ${round(rps)} req/s, p50 ${p50} ms, p99 ${p99} ms (medians of ${ROUNDS} runs of ${DURATION_S} s; req/s ${runs.map((run) => round(run.rps, 0)).join(', ')}), ${bad} errors`);
    record(bench, `${label} req/s`, rps, '');
    record(bench, `${label} p50`, p50, ' ms');
    record(bench, `${label} p99`, p99, ' ms');
    if (bad > 0) record(bench, `${label} errors (non-2xx, errors, timeouts)`, bad, '', { op: '<=', value: 0 });
  }
  return rounds;
}

/** The median over the rounds of `label`'s requests per second against `base`'s. */
function ratio(rounds, label, base) {
  return median(rounds[label].map((run, i) => run.rps / rounds[base][i].rps));
}

/** The reaction toggle, with member cookies taken in turn so each request is another member. */
export function reactionRequests(cookies, sportId) {
  let turn = 0;
  return [
    {
      method: 'POST',
      path: `/api/sports/${encodeURIComponent(sportId)}/reaction`,
      setupRequest(request) {
        turn += 1;
        return {
          ...request,
          headers: { ...request.headers, 'content-type': 'application/json', cookie: cookies[turn % cookies.length] },
          body: JSON.stringify({ reaction: REACTIONS[turn % REACTIONS.length] }),
        };
      },
    },
  ];
}

/**
 * The static yardstick: the hashed, pre-compressed asset whose Brotli size is closest to the
 * words answer's, so both sides put about the same bytes on the wire and the ratio shows the
 * server's own work.
 */
function staticAssetLike(bytes) {
  const assets = path.join(siteBuild(), 'client/assets');
  const candidates = fs.readdirSync(assets).filter((file) => file.endsWith('.br'));
  if (candidates.length === 0) throw new Error('the build has no pre-compressed asset');
  const distance = (file) => Math.abs(fs.statSync(path.join(assets, file)).size - bytes);
  const closest = candidates.reduce((best, file) => (distance(file) < distance(best) ? file : best));
  return `/assets/${closest.slice(0, -'.br'.length)}`;
}

async function runMode(database) {
  const bench = `api/${database.mode}`;
  console.log(`\n[${bench}] ${WORDS} approved words, ${MEMBERS} members, ${CONNECTIONS} connections`);
  // First start migrates and creates the admin; the embedded database is then seeded while stopped.
  await (await startServer({ database })).stop();
  const seedStart = Date.now();
  await withSql(database, async (query) => {
    await insertAccounts(query, { prefix: 'auteur', count: WORDS });
    await insertWords(query, { prefix: 'auteur', isPublic: true });
  });
  console.log(`  seeded ${WORDS} authors and words by SQL in ${Date.now() - seedStart} ms`);

  // 200 members toggling as fast as 20 connections go are far past the per-member limit,
  // which is not what this measures: lifted, as the auth limit is for every benchmark.
  const server = await startServer({ database, env: { REACTION_RATE_LIMIT_PER_MINUTE: '1000000' } });
  try {
    const { url } = server;
    const membersStart = Date.now();
    const cookies = await registerMembers(url, MEMBERS, 'membre');
    console.log(`  registered and signed in ${MEMBERS} members through the API in ${Date.now() - membersStart} ms`);
    await call(url, '/api/sports', { method: 'POST', body: SPORT, cookie: cookies[0] });
    const sportId = SPORT.name.toLowerCase();
    await call(url, `/api/admin/sports/${encodeURIComponent(sportId)}/approve`, { method: 'POST', cookie: await loginAdmin(url) });
    const wall = await call(url, '/api/words');
    const wallSize = await wireSize(`${url}/api/words`);
    const asset = staticAssetLike(wallSize.bytes);
    const assetSize = await wireSize(url + asset);
    console.log(
      `  GET /api/words returns ${wall.json.words.length} words (the wall's limit), ${wallSize.bytes} B with Brotli; ` +
        `static yardstick ${asset}, ${assetSize.bytes} B pre-compressed`,
    );

    const rounds = await measureInterleaved(bench, [
      { label: 'static asset', options: { url: url + asset } },
      { label: 'GET /api/words', options: { url: `${url}/api/words` } },
      // The same answer to a client that accepts no compression: what compressing it costs.
      { label: 'GET /api/words uncompressed', options: { url: `${url}/api/words`, headers: { 'accept-encoding': 'identity' } } },
      { label: 'POST /api/sports/:id/reaction', options: { url, requests: reactionRequests(cookies, sportId) } },
    ]);
    record(bench, 'words / static', ratio(rounds, 'GET /api/words', 'static asset'), '×', { op: '>=', value: 0.5 });
    record(bench, 'words uncompressed / static', ratio(rounds, 'GET /api/words uncompressed', 'static asset'), '×');
    record(bench, 'reaction / static', ratio(rounds, 'POST /api/sports/:id/reaction', 'static asset'), '×');
    record(bench, 'server RSS after the runs', server.rssKb() / 1024, ' MB');
  } finally {
    await server.stop();
  }
}

export async function run() {
  await inBothModes('api', runMode);
}
