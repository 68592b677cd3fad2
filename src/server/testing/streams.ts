import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../platform/db/connection';
import { createTestApp, type TestApp } from './test-app';

interface LiveEvent {
  event: string;
  data: string;
}

/** Reads Server-Sent Events from a real HTTP connection until `stop` says so. */
export async function readEvents(url: string, stop: (events: LiveEvent[]) => boolean, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: LiveEvent[] = [];
  let buffer = '';
  let done = false;
  let reading: Promise<LiveEvent[]> | undefined;
  async function read() {
    while (!done && !stop(events)) {
      // Aborted by `close`: nothing more comes.
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) done = true;
      buffer += chunk.value ?? '';
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ?? '' });
      }
    }
    return events;
  }
  return {
    status: response.status,
    headers: response.headers,
    /** Reads until `stop` says so or the stream ends; the events read so far. */
    next: () => (reading ??= read().finally(() => (reading = undefined))),
    /** As `next`, but gives up after `ms`. */
    async nextWithin(ms: number) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
      await Promise.race([this.next(), timeout]);
      clearTimeout(timer);
      return events;
    },
    /** Whether the server ended the stream within `ms` (the events read meanwhile are kept). */
    async endsWithin(ms: number) {
      await this.nextWithin(ms);
      return done;
    },
    close: () => controller.abort(),
  };
}

/** A describe block's app on a real port (streams need real HTTP): `listening.test`, `listening.base`. */
export function listeningTestApp(env: Record<string, string> = {}, cleanUp = () => {}) {
  const listening = {} as { test: TestApp; base: string };
  beforeAll(async () => {
    listening.test = await createTestApp(env);
    listening.base = await listening.test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    cleanUp();
    await listening.test.close();
  });
  return listening;
}

/**
 * A second instance of `listening`'s site on its PostgreSQL database, on a real port: its own
 * connections, its own LISTEN. Fields are set once the block's hooks ran.
 */
export function secondInstance(listening: { test: TestApp }) {
  const second = {} as { app: FastifyInstance; base: string };
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: listening.test.database.url });
    second.app = await buildApp({ config: listening.test.config, database });
    second.base = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.app?.close();
    await database?.close();
  });
  return second;
}
