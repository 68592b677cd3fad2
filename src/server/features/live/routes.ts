import type { FastifyInstance } from 'fastify';
import { isAdminLiveTopic, isLiveTopic, LIVE_TOPICS, PUBLIC_LIVE_TOPICS } from '../../../shared/live';
import { requireRole } from '../../http/route-groups';
import { object, string } from '../../http/schema';
import type { LiveHub } from './live-hub';

const topicName = `(?:${LIVE_TOPICS.join('|')})`;
/** `topics=words,counter`: known topic names, comma-separated, nothing else. */
const query = object({ topics: { ...string({ maxLength: 200 }), pattern: `^${topicName}(?:,${topicName})*$` } }, []);

/**
 * Outside the route groups: one stream may mix public and admin topics, so the role is
 * checked here, from the topics asked for. Without `topics` (pages from before the
 * parameter existed), a stream follows every public topic.
 */
export function liveRoutes(app: FastifyInstance, hub: LiveHub) {
  app.get<{ Querystring: { topics?: string } }>('/api/live', { schema: { querystring: query } }, (request, reply) => {
    const topics = request.query.topics?.split(',').filter(isLiveTopic) ?? PUBLIC_LIVE_TOPICS;
    if (topics.some(isAdminLiveTopic)) requireRole(request, 'admin');
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
    hub.add(reply.raw, topics);
  });
}
