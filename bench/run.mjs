// `npm run bench [-- <name> …]`: runs the benchmarks (all by default) against the production
// build, prints each figure next to its target and a summary table at the end.
// `--json <file>` also writes the figures as JSON (docs/performance.md is written from them).
// Exits 1 when a target is missed, unless `--explore`.
import fs from 'node:fs';
import os from 'node:os';
import { exitCode, printSummary, results } from './lib/report.mjs';
import { cleanScratch, siteBuild, stopAllServers } from './lib/site.mjs';

const BENCHMARKS = {
  'page-weight': () => import('./page-weight.mjs'),
  api: () => import('./api.mjs'),
  memory: () => import('./memory.mjs'),
  live: () => import('./live.mjs'),
  newsletter: () => import('./newsletter.mjs'),
  'scale-out': () => import('./scale-out.mjs'),
  'anti-bot': () => import('./anti-bot.mjs'),
  scale: () => import('./scale.mjs'),
  'firebase-import': () => import('./firebase-import.mjs'),
  texts: () => import('./texts.mjs'),
};
// Every benchmark is bounded on its own; this is the last resort if one hangs anyway.
const RUN_LIMIT_MS = Number(process.env.BENCH_LIMIT_MINUTES ?? 30) * 60_000;

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const exploreAt = args.indexOf('--explore');
const explore = exploreAt >= 0;
if (explore) args.splice(exploreAt, 1);
const unknown = args.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
const chosen = args.length > 0 ? args : Object.keys(BENCHMARKS);

const watchdog = setTimeout(() => {
  console.error(`Benchmarks still running after ${RUN_LIMIT_MS / 60_000} minutes: stopping.`);
  printSummary();
  process.exit(1);
}, RUN_LIMIT_MS);
watchdog.unref();

const started = Date.now();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Benchmarks: ${chosen.join(', ')} · ${os.cpus().length} × ${cpu} · ${Math.round(os.totalmem() / 2 ** 30)} GB · Node ${process.version}`);
console.log(`Load average before the run: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
try {
  siteBuild();
  for (const name of chosen) {
    const benchStart = Date.now();
    try {
      const { run } = await BENCHMARKS[name]();
      await run();
    } catch (error) {
      console.error(`\n[${name}] failed: ${error.stack ?? error}`);
      results.push({ bench: name, metric: 'run', value: null, unit: '', target: '', verdict: `FAILED: ${error.message}` });
    } finally {
      await stopAllServers();
    }
    console.log(`[${name}] took ${Math.round((Date.now() - benchStart) / 1000)} s`);
  }
} finally {
  cleanScratch();
}
printSummary();
console.log(`\nTotal: ${Math.round((Date.now() - started) / 1000)} s · load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
if (jsonFile) {
  const machine = { cpus: os.cpus().length, cpu, memoryGb: os.totalmem() / 2 ** 30, node: process.version, loadAverage: os.loadavg() };
  fs.writeFileSync(jsonFile, JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2));
}
process.exit(exitCode(results, { explore }));
