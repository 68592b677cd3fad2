// Scale-out: two server instances on one PostgreSQL database. Words approved on instance A
// must reach the live streams open on instance B (through LISTEN/NOTIFY); how fast, next to
// the streams on A itself.
import { loginAdmin } from './lib/client.mjs';
import { postgresDatabase, postgresUnavailable, withSql } from './lib/database.mjs';
import { openCrowd } from './lib/live-crowd.mjs';
import { percentile, record, skipped } from './lib/report.mjs';
import { insertAccounts, insertWords, pendingWordIds } from './lib/seed.mjs';
import { startServer } from './lib/site.mjs';
import { approvalRounds, recordLatencies } from './live.mjs';

const STREAMS_PER_INSTANCE = Number(process.env.BENCH_SCALE_OUT_CLIENTS ?? 500);
const ROUNDS = 20;

export async function run() {
  const bench = 'scale-out';
  console.log(`\n[${bench}] two instances on one PostgreSQL, ${STREAMS_PER_INSTANCE} streams on each, ${ROUNDS} approvals on A`);
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    skipped(bench, 'all', unavailable);
    return;
  }
  const database = await postgresDatabase('scale');
  try {
    // A migrates; B starts on the migrated database, as a second instance behind a load balancer.
    const a = await startServer({ database });
    const b = await startServer({ database });
    try {
      await withSql(database, async (query) => {
        await insertAccounts(query, { prefix: 'attente', count: ROUNDS + 1 });
        await insertWords(query, { prefix: 'attente', isPublic: false });
      });
      const wordIds = await withSql(database, (query) => pendingWordIds(query, 'attente'));
      const adminCookie = await loginAdmin(a.url);
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
