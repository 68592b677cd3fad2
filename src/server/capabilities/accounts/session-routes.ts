import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dateTime, listOf, object, shape, text } from '../../platform/http/schema';
import { endMemberSession, listSessions } from './session-list';
import { endOtherSessions } from './sessions';

const sessionId = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', maxLength: 43 };

/** The member's sessions on /account: see them, end one, end all the others. */
export function sessionRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get(
    '/api/account/sessions',
    { schema: { response: { 200: shape({ sessions: listOf(shape({ id: text, browser: text, device: text, createdAt: dateTime, lastSeenAt: dateTime, current: boolean })) }) } } },
    async (request) => ({ sessions: await listSessions(db, requireMember(request).id, request.sessionId) }),
  );

  app.delete<{ Params: { id: string } }>('/api/account/sessions/:id', { schema: { params: object({ id: sessionId }) } }, async (request, reply) => {
    if (!(await endMemberSession(db, requireMember(request).id, request.params.id))) throw new AppError(404, 'sessions/not-found');
    return reply.code(204).send();
  });

  app.delete('/api/account/sessions', async (request, reply) => {
    await endOtherSessions(db, requireMember(request).id, request.sessionId);
    return reply.code(204).send();
  });
}
