import { describe, expect, it } from 'vitest';
import { atStart, every, startJobs, type Job } from './scheduler';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the jobs scheduler', () => {
  it('runs a job due at start before it returns, so stopping at once waits for that run', async () => {
    let ended = false;
    const jobs = startJobs([{ name: 'lent', next: atStart(), run: () => later(50).then(() => (ended = true)) }], { error() {} });
    await jobs.stop();
    expect(ended).toBe(true);
  });

  it('runs a job again at its period, never twice at once, and logs a failure without stopping it', async () => {
    const logged: unknown[][] = [];
    let running = 0;
    let most = 0;
    let runs = 0;
    const job: Job = {
      name: 'fragile',
      next: every(20),
      async run() {
        running++;
        most = Math.max(most, running);
        runs++;
        await later(30);
        running--;
        if (runs === 1) throw new Error('première fois');
      },
    };
    const jobs = startJobs([job], { error: (...args: unknown[]) => logged.push(args) });
    // Asked for now while its first run is under way: the same run, not a second one.
    await jobs.now('fragile');
    await expect.poll(() => runs, { timeout: 2000 }).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    const stoppedAt = runs;
    await later(100);
    expect(runs).toBe(stoppedAt);
    expect(most).toBe(1);
    expect(logged).toEqual([[{ err: new Error('première fois') }, 'fragile failed']]);
  });

  it('asks an asynchronous next() after each run, and stops asking once it says undefined', async () => {
    const waits = [0, 10, undefined];
    let runs = 0;
    const jobs = startJobs([{ name: 'compté', next: async () => waits.shift(), run: async () => void runs++ }], { error() {} });
    await expect.poll(() => runs).toBe(2);
    await later(50);
    expect(runs).toBe(2);
    await jobs.stop();
    expect(() => jobs.now('inconnu')).toThrow('no job named inconnu');
  });
});
