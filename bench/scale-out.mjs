// Scale-out: server instances on one PostgreSQL database. Words approved on instance A must
// reach the live streams open on the others (through LISTEN/NOTIFY); how fast, next to the
// streams on A itself. First two instances with direct connections; then three behind
// PgBouncer in transaction mode, as hosts sell PostgreSQL, with LISTEN on the direct URL.
// And what a limit check costs (one statement in the table every instance shares) on the
// embedded database, on PostgreSQL, and through the pooler.
import { tsImport } from 'tsx/esm/api';
import { loginAdmin } from './lib/client.mjs';
import { postgresDatabase, postgresUnavailable, withSql } from './lib/database.mjs';
import { openCrowd } from './lib/live-crowd.mjs';
import { percentile, record, round, skipped } from './lib/report.mjs';
import { insertAccounts, insertWords, pendingWordIds } from './lib/seed.mjs';
import { newDataDir, startServer } from './lib/site.mjs';
import { approvalRounds, recordLatencies } from './live.mjs';

const STREAMS_PER_INSTANCE = Number(process.env.BENCH_SCALE_OUT_CLIENTS ?? 500);
const POOLED_STREAMS = Number(process.env.BENCH_SCALE_OUT_POOLED_CLIENTS ?? 1000);
const ROUNDS = 20;
const CHECKS = 2000;

export async function run() {
  const bench = 'scale-out';
  await limitCheckCost(bench);
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    skipped(bench, 'instances', unavailable);
    return;
  }
  await twoInstances(bench);
  await threeInstancesThroughPooler(bench);
}

async function twoInstances(bench) {
  console.log(`\n[${bench}] two instances on one PostgreSQL, ${STREAMS_PER_INSTANCE} streams on each, ${ROUNDS} approvals on A`);
  const database = await postgresDatabase('scale');
  try {
    // A migrates; B starts on the migrated database, as a second instance behind a load balancer.
    const a = await startServer({ database });
    const b = await startServer({ database });
    try {
      const { adminCookie, wordIds } = await seedApprovals(database, a);
      const onB = await openCrowd(b.url, STREAMS_PER_INSTANCE, 1);
      const onA = await openCrowd(a.url, STREAMS_PER_INSTANCE, 1);
      try {
        record(bench, 'streams open on B', onB.open, '', { op: '>=', value: STREAMS_PER_INSTANCE });
        const rounds = await approvalRounds({ approveUrl: a.url, adminCookie, wordIds, crowds: [onB, onA] });
        recordLatencies(bench, 'approval on A → event on B', rounds.samples[0], rounds.lasts[0]);
        record(bench, 'events not received on B', rounds.missing[0], '', { op: '<=', value: 0 });
        recordLatencies(bench, 'approval on A → event on A', rounds.samples[1], rounds.lasts[1]);
        record(bench, 'events not received on A', rounds.missing[1], '', { op: '<=', value: 0 });
        record(bench, 'approval request itself p50', percentile(rounds.requestMs, 50), ' ms');
      } finally {
        await Promise.all([onA.close(), onB.close()]);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await database.drop();
  }
}

async function threeInstancesThroughPooler(bench) {
  const label = `${bench}/pooled`;
  console.log(`\n[${label}] three instances through PgBouncer (transaction mode), LISTEN direct, ${POOLED_STREAMS} streams over them, ${ROUNDS} approvals on A`);
  const { startPgBouncer } = await tsImport('../src/server/platform/testing/pgbouncer.ts', import.meta.url);
  const database = await postgresDatabase('pooled');
  let bouncer;
  try {
    bouncer = await startPgBouncer(database.databaseUrl);
  } catch (error) {
    skipped(label, 'all', `PgBouncer did not start: ${error.message.split('\n')[0]}`);
    await database.drop();
    return;
  }
  try {
    const pooled = { databaseUrl: bouncer.pooled(database.databaseUrl) };
    const env = { DATABASE_LISTEN_URL: database.databaseUrl };
    // A migrates through the direct URL; B and C start on the migrated database.
    const a = await startServer({ database: pooled, env });
    const others = await Promise.all([startServer({ database: pooled, env }), startServer({ database: pooled, env })]);
    const instances = [a, ...others];
    try {
      const { adminCookie, wordIds } = await seedApprovals(database, a);
      const crowds = [];
      for (const [i, instance] of instances.entries()) {
        const share = Math.floor(POOLED_STREAMS / 3) + (i < POOLED_STREAMS % 3 ? 1 : 0);
        crowds.push(await openCrowd(instance.url, share, 1));
      }
      try {
        const open = crowds.reduce((sum, crowd) => sum + crowd.open, 0);
        record(label, 'streams open on the three', open, '', { op: '>=', value: POOLED_STREAMS });
        const rounds = await approvalRounds({ approveUrl: a.url, adminCookie, wordIds, crowds });
        const all = rounds.samples.flat();
        const lasts = rounds.lasts[0].map((_, round) => Math.max(...rounds.lasts.map((perCrowd) => perCrowd[round] ?? 0)));
        recordLatencies(label, 'approval on A → event on every stream', all, lasts, { op: '<=', value: 100 });
        record(label, 'events not received', rounds.missing.reduce((sum, n) => sum + n, 0), '', { op: '<=', value: 0 });
        record(label, 'approval request itself p50', percentile(rounds.requestMs, 50), ' ms');
      } finally {
        await Promise.all(crowds.map((crowd) => crowd.close()));
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    await limitCheckOn(bench, 'through PgBouncer', { databaseUrl: bouncer.pooled(database.databaseUrl), listenUrl: database.databaseUrl });
  } finally {
    await bouncer.stop();
    await database.drop();
  }
}

/** The admin signed in on `server`, and ROUNDS + 1 words waiting for approval. */
async function seedApprovals(database, server) {
  await withSql(database, async (query) => {
    await insertAccounts(query, { prefix: 'attente', count: ROUNDS + 1 });
    await insertWords(query, { prefix: 'attente', isPublic: false });
  });
  const wordIds = await withSql(database, (query) => pendingWordIds(query, 'attente'));
  return { adminCookie: await loginAdmin(server.url), wordIds };
}

/** The limit check's cost: on the embedded database (its thread, as the server runs it), and on PostgreSQL. */
async function limitCheckCost(bench) {
  await limitCheckOn(bench, 'embedded', { dataDir: newDataDir('limits') });
  const unavailable = await postgresUnavailable();
  if (unavailable) return skipped(bench, 'limit check on PostgreSQL', unavailable);
  const database = await postgresDatabase('limits');
  try {
    await limitCheckOn(bench, 'PostgreSQL', { databaseUrl: database.databaseUrl });
  } finally {
    await database.drop();
  }
}

/**
 * CHECKS counts through the site's own function (one upsert in request_counts), from 500
 * addresses in turn: one at a time (what a request waits for) and 20 at once (as under load).
 */
async function limitCheckOn(bench, where, options) {
  const { openDatabase } = await tsImport('../src/server/platform/db/connection.ts', import.meta.url);
  const { migrateDatabase } = await tsImport('../src/server/platform/db/migrate.ts', import.meta.url);
  const { countRequest } = await tsImport('../src/server/platform/http/request-counts.ts', import.meta.url);
  const database = await openDatabase(options);
  try {
    await migrateDatabase(database);
    const check = async (i) => {
      const start = process.hrtime.bigint();
      await countRequest(database.db, `bench:198.51.100.${i % 500}`, 60_000);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    for (let i = 0; i < 200; i++) await check(i);
    const alone = [];
    for (let i = 0; i < CHECKS; i++) alone.push(await check(i));
    const together = [];
    let next = 0;
    await Promise.all(Array.from({ length: 20 }, async () => {
      for (let i = next++; i < CHECKS; i = next++) together.push(await check(i));
    }));
    console.log(`  limit check, ${where}: alone p50 ${round(percentile(alone, 50), 2)} ms, p95 ${round(percentile(alone, 95), 2)} ms; 20 at once p95 ${round(percentile(together, 95), 2)} ms`);
    record(bench, `limit check, ${where}, p95`, percentile(alone, 95), ' ms', { op: '<=', value: 2 });
    record(bench, `limit check, ${where}, 20 at once p95`, percentile(together, 95), ' ms');
  } finally {
    await database.close();
  }
}
