import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_LIVE_TOPIC_PERMISSIONS, isAdminLiveTopic, isLiveTopic, LIVE_TOPICS, PUBLIC_LIVE_TOPICS } from '../../../shared/live';
import { hasPermission } from '../../../shared/permissions';
import { clientKey } from '../http/client-key';
import { AppError } from '../http/errors';
import { requirePermission } from '../http/route-groups';
import { object, string } from '../http/schema';
import type { Database } from '../db/schema';
import type { LiveHub } from './live-hub';
import { closeStream, forgetStreams, openStream, refreshStreams, STREAM_COUNTS_REFRESH_MS } from './stream-counts';

const topicName = `(?:${LIVE_TOPICS.join('|')})`;
/** `topics=words,counter`: known topic names, comma-separated, nothing else. */
const query = object({ topics: { ...string({ maxLength: 200 }), pattern: `^${topicName}(?:,${topicName})*$` } }, []);

/**
 * Outside the route groups: one stream may mix public and staff topics, so the permission is
 * checked here, from the topics asked for. Without `topics` (pages from before the
 * parameter existed), a stream follows every public topic.
 */
export function liveRoutes(app: FastifyInstance, hub: LiveHub) {
  const { liveStreamsPerClient, liveMaxStreams } = app.config;
  const { db } = app.database;
  /**
   * Open streams per client (clientKey), counted in the database with every instance's
   * (stream-counts.ts). Streams need no login and each holds a socket, so without caps a few
   * thousand from one machine would take every file descriptor.
   */
  const instance = randomUUID();
  const refresh = setInterval(() => void refreshStreams(db, instance).catch((error) => app.log.warn({ err: error }, 'live stream counts not refreshed')), STREAM_COUNTS_REFRESH_MS);
  refresh.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresh);
    await forgetStreams(db, instance).catch((error) => app.log.warn({ err: error }, 'live stream counts not removed'));
  });

  app.get<{ Querystring: { topics?: string } }>('/api/live', { schema: { querystring: query } }, async (request, reply) => {
    const topics = request.query.topics?.split(',').filter(isLiveTopic) ?? PUBLIC_LIVE_TOPICS;
    const staffTopics = topics.filter(isAdminLiveTopic);
    for (const topic of staffTopics) requirePermission(request, ADMIN_LIVE_TOPIC_PERMISSIONS[topic]);
    if (hub.size >= liveMaxStreams) throw new AppError(429, 'live/server-busy');
    const client = clientKey(request);
    // The client may leave while its stream is being counted: it is counted down once counted.
    let counted = false;
    let gone = false;
    // On failure the row stays counted until the instance stops (a shutdown's late close).
    const countDown = () => void closeStream(db, client, instance).catch((error) => app.log.warn({ err: error }, 'live stream not counted down'));
    reply.raw.on('close', () => {
      gone = true;
      if (counted) countDown();
    });
    // A refused page retries later by itself (useLive), and meanwhile works without live updates.
    if (!(await openStream(db, client, instance, liveStreamsPerClient))) throw new AppError(429, 'live/too-many-streams');
    counted = true;
    // The stream outlives the request cycle, so Fastify hands the raw response over.
    reply.hijack();
    if (gone) return countDown();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    reply.raw.write('retry: 3000\n: connected\n\n');
    request.raw.socket.setKeepAlive(true);
    hub.add(reply.raw, topics, request.user && { id: request.sessionId!, userId: request.user.id });
    if (staffTopics.length > 0) void confirmRights(request.sessionId!, staffTopics, reply.raw);
  });

  /**
   * The rights were read with the session, before the stream joined the hub: a suspension or
   * demotion committed in between sent its notice when the hub could not yet end this
   * stream. Read once more now that any later notice will; a stream without them ends.
   */
  async function confirmRights(sessionId: string, staffTopics: (keyof typeof ADMIN_LIVE_TOPIC_PERMISSIONS)[], stream: ServerResponse) {
    const roles = await sessionRoles(db, sessionId).catch(() => undefined);
    if (!roles || staffTopics.some((topic) => !hasPermission(roles, ADMIN_LIVE_TOPIC_PERMISSIONS[topic]))) hub.end(stream);
  }
}

/** The roles of a session's member, read now; undefined once the session ended or the account is suspended. */
async function sessionRoles(db: Kysely<Database>, sessionId: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('users.roles')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', new Date())
    .where('users.suspended_at', 'is', null)
    .executeTakeFirst();
  return row?.roles;
}
