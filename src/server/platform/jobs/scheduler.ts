import type { FastifyBaseLogger } from 'fastify';

/** A background task of the site, run on each instance by the one scheduler (startJobs). */
export interface Job {
  /** Names the job in the log (`<name> failed`) and for `now`. */
  name: string;
  /** Milliseconds until the next run, asked at start and after each run; undefined: not again. */
  next(): number | undefined | Promise<number | undefined>;
  /** One run; it logs what it did, the scheduler logs a failure. */
  run(): Promise<unknown>;
}

/** A fixed period, the first run `firstAfterMs` after start (at once by default). */
export function every(periodMs: number, { firstAfterMs = 0 } = {}): Job['next'] {
  let first = true;
  return () => {
    const wait = first ? firstAfterMs : periodMs;
    first = false;
    return wait;
  };
}

/** Once, at start. */
export function atStart(): Job['next'] {
  let first = true;
  return () => {
    const wait = first ? 0 : undefined;
    first = false;
    return wait;
  };
}

/** Told of each run's start and end (the health panel's record of the jobs, platform/health/job-runs.ts). */
export interface JobRecorder {
  /** The jobs this process runs, told at start: a job a new release no longer has is forgotten. */
  scheduled(names: string[]): Promise<void>;
  started(name: string): Promise<void>;
  finished(name: string, error: unknown): Promise<void>;
}

/** A job, its run under way, and the timer of its next one. */
interface Entry {
  job: Job;
  running?: Promise<void>;
  timer?: NodeJS.Timeout;
}

interface Jobs {
  /** Runs the job now (SIGUSR2's backup), or joins its run under way. */
  now(name: string): Promise<void>;
  /** No run starts any more; resolves once the runs under way have ended, so the database can close after them. */
  stop(): Promise<void>;
}

/**
 * Runs each job when its `next` says, never twice at once, a failure logged and the next run
 * scheduled all the same. A run due at start begins before this returns, so stopping at once
 * still waits for it. Timers do not keep the process alive.
 */
export function startJobs(jobs: Job[], log: Pick<FastifyBaseLogger, 'error'>, recorder?: JobRecorder): Jobs {
  let stopped = false;
  const entries = new Map<string, Entry>(jobs.map((job) => [job.name, { job }]));

  // A record that cannot be written (the database is down) is logged, and the job runs all the same.
  const record = (step: Promise<void> | undefined) => step?.catch((error: unknown) => log.error({ err: error }, 'job run not recorded'));
  const runRecorded = async (job: Job) => {
    await record(recorder?.started(job.name));
    let failure: unknown;
    try {
      await job.run();
    } catch (error) {
      failure = error;
      log.error({ err: error }, `${job.name} failed`);
    }
    await record(recorder?.finished(job.name, failure));
  };

  const run = (entry: Entry): Promise<void> => {
    entry.running ??= runRecorded(entry.job)
      .finally(() => {
        entry.running = undefined;
        void schedule(entry);
      });
    return entry.running;
  };
  const schedule = async (entry: Entry) => {
    if (stopped) return;
    const asked = entry.job.next();
    const wait = asked instanceof Promise ? await asked : asked;
    if (stopped || wait === undefined) return;
    clearTimeout(entry.timer);
    if (wait === 0 && !(asked instanceof Promise)) return void run(entry);
    entry.timer = setTimeout(() => void run(entry), wait).unref();
  };
  const told = record(recorder?.scheduled([...entries.keys()]));
  for (const entry of entries.values()) void schedule(entry);

  return {
    now(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`no job named ${name}`);
      return run(entry);
    },
    async stop() {
      stopped = true;
      for (const entry of entries.values()) clearTimeout(entry.timer);
      await Promise.all([told, ...[...entries.values()].map((entry) => entry.running)]);
    },
  };
}
