import type { FastifyInstance } from 'fastify';
import type { UserInfoPayload } from '../../../shared/accounts';
import { AppError } from '../../platform/http/errors';
import { arrayOf, dataOf, listOf, object, string } from '../../platform/http/schema';
import { isUuid } from '../../platform/db/keys';
import { userViewSchema } from './schemas';
import { findPicture, toUserView, userViews } from './users';

const MAX_UUIDS = 200;

/** Public reads about accounts: names for display, pictures. */
export function directoryRoutes(app: FastifyInstance) {
  const { db } = app.database;

  // Spec §7 users-getUserInfoForView: a batch, answered with one query whatever its size.
  app.post<{ Body: UserInfoPayload }>(
    '/api/fn/users-getUserInfoForView',
    { schema: { body: object({ uuids: arrayOf(string({ maxLength: 64 }), MAX_UUIDS) }), response: { 200: dataOf(listOf(userViewSchema)) } } },
    async (request) => {
      const uuids = [...new Set(request.body.uuids)].filter(isUuid);
      if (uuids.length === 0) return { data: [] };
      return { data: (await userViews(db, uuids)).map(toUserView) };
    },
  );

  app.get<{ Params: { id: string } }>('/api/users/:id/picture', { schema: { params: object({ id: string({ maxLength: 64 }) }) } }, async (request, reply) => {
    if (!isUuid(request.params.id)) throw new AppError(404, 'http/not-found');
    const picture = await findPicture(db, request.params.id);
    if (!picture) throw new AppError(404, 'http/not-found');
    // The URL carries the picture's version, so a changed picture has a new URL.
    return reply
      .type(picture.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(picture.content);
  });
}
