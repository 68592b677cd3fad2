import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { createTestDatabase } from '../testing/test-database';
import { closeStream, forgetStreams, openStream, refreshStreams } from './stream-counts';

describe('live streams per client, counted across instances', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('gives a client its streams once on all the instances together', async () => {
    const { db } = database;
    const [one, two] = [randomUUID(), randomUUID()];
    expect(await openStream(db, '203.0.113.1', one, 2)).toBe(true);
    expect(await openStream(db, '203.0.113.1', two, 2)).toBe(true);
    expect(await openStream(db, '203.0.113.1', one, 2)).toBe(false);
    expect(await openStream(db, '203.0.113.2', two, 2)).toBe(true);
    await closeStream(db, '203.0.113.1', one);
    expect(await openStream(db, '203.0.113.1', two, 2)).toBe(true);
    expect(await openStream(db, '203.0.113.1', one, 2)).toBe(false);
  });

  it('counts concurrent opens exactly', async () => {
    const instances = [randomUUID(), randomUUID(), randomUUID()];
    const opened = await Promise.all(Array.from({ length: 12 }, (_, i) => openStream(database.db, '198.51.100.9', instances[i % 3], 5)));
    expect(opened.filter(Boolean)).toHaveLength(5);
  });

  it("forgets a dead instance's streams once it stops refreshing them, and a stopping one's at once", async () => {
    const { db } = database;
    const [dead, alive, stopping] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await openStream(db, '192.0.2.1', dead, 1)).toBe(true);
    expect(await openStream(db, '192.0.2.1', alive, 1)).toBe(false);
    await sql`update live_stream_counts set seen_at = now() - interval '2 minutes' where instance = ${dead}`.execute(db);
    expect(await openStream(db, '192.0.2.1', alive, 1)).toBe(true);
    await refreshStreams(db, alive);
    expect(await db.selectFrom('live_stream_counts').select('instance').where('client_key', '=', '192.0.2.1').execute()).toEqual([{ instance: alive }]);

    expect(await openStream(db, '192.0.2.2', stopping, 1)).toBe(true);
    await forgetStreams(db, stopping);
    expect(await openStream(db, '192.0.2.2', alive, 1)).toBe(true);
  });
});
