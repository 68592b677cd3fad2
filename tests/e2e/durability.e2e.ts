import { afterAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../src/server/platform/testing/members';
import { startSite, type Site } from './support/site';
import { proofOfWork } from './support/proof-of-work';

// No browser needed: this drives the production server over HTTP and kills it.
describe('embedded database durability', () => {
  let site: Site | undefined;
  afterAll(async () => site?.stop());

  it('keeps 200 acknowledged registrations after kill -9 and a restart', async () => {
    site = await startSite({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    const emails = Array.from({ length: 200 }, (_, i) => `durable-${i}@exemple.fr`);
    const register = async (email: string, i: number) =>
      fetch(`${site!.url}/api/fn/users-registerUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, username: `durable${i}`, firstname: 'Dora', lastname: 'Ble', pwd: STRONG_PASSWORD, ...(await proofOfWork(site!.url)) }),
      });
    // Ten at a time, as a busy evening would send them.
    for (let i = 0; i < emails.length; i += 10) {
      const batch = await Promise.all(emails.slice(i, i + 10).map((email, j) => register(email, i + j)));
      expect(batch.map((response) => response.status)).toEqual(Array(batch.length).fill(200));
    }
    const before = (await (await fetch(`${site.url}/api/counter`)).json()).users as number;
    // The configured admin account counts too.
    expect(before).toBe(201);
    const { dataDir } = site;
    await site.crash();

    site = await startSite({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { dataDir });
    const counter = await (await fetch(`${site.url}/api/counter`)).json();
    expect(counter.users).toBe(before);
    const login = await fetch(`${site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emails[199], password: STRONG_PASSWORD }),
    });
    expect(login.status).toBe(200);
  });
});
