import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { DatabaseHandle } from '../db/connection';
import type { LiveHub } from '../live/live-hub';

export const METRICS_PATH = '/metrics';

/** Every metric of the site is named with this prefix; Node's own keep prom-client's names. */
const METRIC_PREFIX = 'unissons_';

// Up to 10 s: an answer slower than that is already a failure for a visitor.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface MetricsOptions {
  token: string;
  database: DatabaseHandle;
  hub: LiveHub;
  /** What the capabilities measure themselves (the newsletter's queue), made with `registers: []`. */
  collectors: Metric[];
}

/** The digest of a token: compared in constant time whatever the lengths. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * GET /metrics in Prometheus' text format, for the operator's scraper only: it answers a
 * request that carries `Authorization: Bearer <METRICS_TOKEN>`, and exists only when the
 * token is set (otherwise nothing is measured at all). Request latency per route (the
 * route's pattern, never the URL: no address or token lands in a label), open live streams,
 * the database's connections, and Node's own (event-loop lag, memory, garbage collection).
 */
export function registerMetrics(app: FastifyInstance, { token, database, hub, collectors }: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: `${METRIC_PREFIX}live_streams`,
    help: 'Open /api/live streams on this instance',
    registers: [registry],
    collect() {
      this.set(hub.size);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}database_connections`,
    help: 'Connections to the database: open, idle, and statements waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { connections, idle, waiting } = database.poolStats();
      this.set({ state: 'open' }, connections);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  for (const collector of collectors) registry.registerMetric(collector);

  app.addHook('onResponse', async (request, reply) => {
    // Requests no route took (a scanner's guesses) share one label rather than one each.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send();
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}
