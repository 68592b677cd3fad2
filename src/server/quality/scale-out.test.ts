import { expect, it } from 'vitest';
import { registerAdmin, registerMember } from '../platform/testing/members';
import { describeOnPostgresql } from '../platform/testing/postgresql-only';
import { setUpInstances } from '../testing/instances';

// Several instances share one PostgreSQL: only that mode can have a second instance.
describeOnPostgresql('two instances on one PostgreSQL', () => {
  const site = setUpInstances({ count: 2, env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });

  it('relays an approval made on one instance to the live clients of the other', async () => {
    const { database } = site;
    const [one, two] = site.apps;
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

    const approved = await one.inject({ method: 'POST', url: `/api/admin/words/${id}/approve`, headers: { cookie: admin.cookie }, payload: {} });
    expect(approved.statusCode, approved.body).toBe(204);
    // That it arrives, within the test's time limit; how fast: bench/scale-out.mjs.
    let received = '';
    while (!received.includes('event: words')) received += (await reader.read()).value ?? '';
    controller.abort();

    const wall = (await two.inject({ method: 'GET', url: '/api/words' })).json().words;
    expect(wall.map((word: { id: string }) => word.id)).toEqual([id]);
  });
});
