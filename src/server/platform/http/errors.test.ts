import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerErrorHandler } from './errors';

it('answers a full disk, the server’s or PostgreSQL’s, with 507 and a French message, and anything unknown with 500', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  const failures: Record<string, () => Error> = {
    enospc: () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    edquot: () => Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }),
    // What PostgreSQL and PGlite say when a table cannot grow.
    postgresql: () => Object.assign(new Error('could not extend file "base/5/17069": No space left on device'), { code: '53100' }),
    unknown: () => new Error('something else'),
  };
  for (const [name, failure] of Object.entries(failures)) app.get(`/${name}`, async () => Promise.reject(failure()));

  const full = { error: { code: 'http/storage-full', message: 'Le serveur manque de place pour enregistrer ça : réessaie plus tard 🙁' } };
  for (const name of ['enospc', 'edquot', 'postgresql']) {
    const response = await app.inject({ method: 'GET', url: `/${name}` });
    expect([name, response.statusCode, response.json()]).toEqual([name, 507, full]);
  }
  const unknown = await app.inject({ method: 'GET', url: '/unknown' });
  expect([unknown.statusCode, unknown.json().error.code]).toEqual([500, 'http/internal']);
  await app.close();
});
