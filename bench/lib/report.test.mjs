import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exitCode, record, results, skipped } from './report.mjs';

describe("the benchmark run's exit code", () => {
  beforeEach(() => {
    // record() and exitCode() print each verdict as a run does.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    results.length = 0;
  });
  afterEach(() => {
    vi.mocked(console.log).mockRestore();
    results.length = 0;
  });

  it('is 0 when every target is met, with informative and skipped figures', () => {
    record('api', 'words / static', 0.7, '×', { op: '>=', value: 0.5 });
    record('api', 'words p50', 3, ' ms');
    skipped('scale-out', 'two instances', 'no PostgreSQL');
    expect(exitCode()).toBe(0);
  });

  it('is 1 when a target is missed, or not measured, and names them', () => {
    record('api', 'words / static', 0.7, '×', { op: '>=', value: 0.5 });
    record('memory', 'first start: RSS idle', 310, ' MB', { op: '<=', value: 300 });
    expect(exitCode()).toBe(1);
    expect(vi.mocked(console.log)).toHaveBeenLastCalledWith(expect.stringContaining('memory first start: RSS idle'));

    results.length = 0;
    record('live', 'p95', Number.NaN, ' ms', { op: '<=', value: 100 });
    expect(exitCode()).toBe(1);
  });

  it('is 0 for a missed target with --explore, and 1 for a benchmark that failed all the same', () => {
    record('memory', 'first start: RSS idle', 310, ' MB', { op: '<=', value: 300 });
    expect(exitCode(results, { explore: true })).toBe(0);
    results.push({ bench: 'live', metric: 'run', value: null, unit: '', target: '', verdict: 'FAILED: no server' });
    expect(exitCode(results, { explore: true })).toBe(1);
  });
});
