import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/connection';
import { createTestDatabase } from '../platform/testing/test-database';
import { registerAdmin, registerMember } from '../platform/testing/members';
import { describeOnPostgresql } from '../platform/testing/postgresql-only';
import type { FastifyInstance } from 'fastify';

// Several instances share one PostgreSQL: only that mode can have a second instance.
describeOnPostgresql('two instances on one PostgreSQL', () => {
  let database: DatabaseHandle;
  let second: DatabaseHandle;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: database.url });
    // The admin approves with a password alone, as the test app's admins do.
    const config = readConfig({ CLIENT_DIR: '/nonexistent', AUTH_RATE_LIMIT_PER_MINUTE: '10000', STAFF_TWO_FACTOR: 'optional' });
    one = await buildApp({ config, database });
    two = await buildApp({ config, database: second });
    await Promise.all([one.listen({ port: 0, host: '127.0.0.1' }), two.listen({ port: 0, host: '127.0.0.1' })]);
  });

  afterAll(async () => {
    await two?.close();
    await one?.close();
    await second?.close();
    await database?.close();
  });

  it('relays an approval made on one instance to the live clients of the other', async () => {
    const admin = await registerAdmin(one, database);
    const member = await registerMember(one);
    const { id } = (await one.inject({ method: 'POST', url: '/api/words', headers: { cookie: member.cookie }, payload: { content: 'Depuis la première instance' } })).json();

    // Warm the second instance's cache: it must not keep serving the old wall.
    expect((await two.inject({ method: 'GET', url: '/api/words' })).json().words).toEqual([]);

    const address = two.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/live`, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read();

    const approvedAt = Date.now();
    const approved = await one.inject({ method: 'POST', url: `/api/admin/words/${id}/approve`, headers: { cookie: admin.cookie }, payload: {} });
    expect(approved.statusCode, approved.body).toBe(204);
    let received = '';
    while (!received.includes('event: words')) received += (await reader.read()).value ?? '';
    expect(Date.now() - approvedAt).toBeLessThan(1000);
    controller.abort();

    const wall = (await two.inject({ method: 'GET', url: '/api/words' })).json().words;
    expect(wall.map((word: { id: string }) => word.id)).toEqual([id]);
  });
});
