import type { FastifyInstance } from 'fastify';
import type { LiveHub } from './live-hub';

export function liveRoutes(app: FastifyInstance, hub: LiveHub) {
  app.get('/api/live', (request, reply) => {
    // The stream outlives the request cycle, so Fastify hands the raw response over.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    reply.raw.write('retry: 3000\n: connected\n\n');
    request.raw.socket.setKeepAlive(true);
    hub.add(reply.raw);
  });
}
