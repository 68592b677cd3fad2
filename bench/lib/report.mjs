// Figures and verdicts: every benchmark prints what it measured next to its target, and the
// run ends with one table of all of them.

export const results = [];

/** Percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

export function round(value, digits = 1) {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function kb(bytes) {
  return `${round(bytes / 1024, 1)} kB`;
}

/**
 * Records one figure. `target` is `{ op: '<=' | '>=', value }` or undefined (informative);
 * the verdict is printed at once and kept for the final table.
 */
export function record(bench, metric, value, unit, target) {
  let verdict = '';
  if (target && Number.isFinite(value)) {
    const ok = target.op === '<=' ? value <= target.value : value >= target.value;
    verdict = ok ? 'OK' : 'MISSED';
  } else if (target) {
    verdict = 'NOT MEASURED';
  }
  const entry = { bench, metric, value: round(value, 2), unit, target: target ? `${target.op} ${target.value}${unit}` : '', verdict };
  results.push(entry);
  const shown = Number.isFinite(value) ? `${round(value, 2)}${unit}` : String(value);
  console.log(`  ${metric}: ${shown}${target ? `   (target ${entry.target}: ${verdict})` : ''}`);
  return entry;
}

/** A figure that could not be taken, with the reason, so the table shows the gap. */
export function skipped(bench, metric, reason) {
  results.push({ bench, metric, value: null, unit: '', target: '', verdict: `SKIPPED: ${reason}` });
  console.log(`  ${metric}: skipped (${reason})`);
}

export function printSummary() {
  console.log('\n=== Summary ===');
  const rows = results.map((r) => [r.bench, r.metric, r.value === null ? '-' : `${r.value}${r.unit}`, r.target, r.verdict]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => String(row[i]).length), 6));
  for (const row of rows) console.log(row.map((cell, i) => (i < 4 ? String(cell).padEnd(widths[i]) : cell)).join('  '));
}

/**
 * The run's exit code, so that a benchmark run can gate a release: 1 when a benchmark failed,
 * or a target was missed or could not be measured; an exploratory run (`explore`) fails only
 * on a failed benchmark. A figure skipped for a missing tool is no verdict: the table says why.
 */
export function exitCode(entries = results, { explore = false } = {}) {
  const failed = entries.filter((r) => r.verdict.startsWith('FAILED'));
  const missed = entries.filter((r) => r.verdict === 'MISSED' || r.verdict === 'NOT MEASURED');
  if (missed.length > 0) {
    const what = missed.map((r) => `${r.bench} ${r.metric}`).join('; ');
    console.log(`\n${missed.length} target(s) missed or not measured: ${what}${explore ? ' (--explore: not failing the run)' : ''}`);
  }
  return failed.length > 0 || (missed.length > 0 && !explore) ? 1 : 0;
}
