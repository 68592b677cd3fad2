import type { FastifyInstance } from 'fastify';
import type { CounterResponse } from '../../../shared/counter';
import type { Capability } from '../../platform/capability';
import { CachedResponse } from '../../platform/http/cached-response';
import { integer, shape } from '../../platform/http/schema';
import { countPersons } from '../accounts/index';

/** Spec §2, §4: how many persons have an account, on every page with the counter. */
function counterRoutes(app: FastifyInstance) {
  // Counted once per change (a 'counter' notice), not per visit.
  const counter = new CachedResponse(app.liveHub, ['counter'], async (): Promise<CounterResponse> => ({
    users: await countPersons(app.database.db),
  }));
  app.get('/api/counter', { schema: { response: { 200: shape({ users: integer }) } } }, (request, reply) => counter.send(request, reply));
}

export const counterCapability: Capability = { public: counterRoutes };
