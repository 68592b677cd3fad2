import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { LiveHub } from '../live/live-hub';
import { CachedResponse } from './cached-response';

const hub = new LiveHub();
let now = 1_000;
let computations = 0;
const list = new CachedResponse(hub, ['words'], async () => ({ computations: ++computations }), () => now);
const app = Fastify();
app.get('/list', (request, reply) => list.send(request, reply));
afterAll(() => app.close());

const get = async () => (await app.inject({ method: 'GET', url: '/list' })).json();

it('serves a public list from memory for a minute at most, even when no notice comes', async () => {
  expect(await get()).toEqual({ computations: 1 });
  now += 59_999;
  expect(await get()).toEqual({ computations: 1 });
  now += 1;
  expect(await get()).toEqual({ computations: 2 });
});

it('computes the list again as soon as a notice of its topic comes', async () => {
  const before = (await get()).computations;
  hub.invalidate('sports');
  expect((await get()).computations).toBe(before);
  hub.invalidate('words');
  expect((await get()).computations).toBe(before + 1);
});
