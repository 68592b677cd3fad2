import type { FastifyInstance } from 'fastify';
import { isValidPrint, PRINT_MAX_LENGTH } from '../../../shared/validation/print';
import { isPrintableText } from '../../../shared/validation/printable';
import type { MyWordResponse, NewWordPayload } from '../../../shared/words';
import { CachedResponse } from '../../http/cached-response';
import { AppError } from '../../http/errors';
import { requireMember } from '../../http/route-groups';
import { boolean, object, string } from '../../http/schema';
import { violatedConstraint } from '../accounts/users';
import { announce } from '../live/announce';
import { loadWall } from './wall';

export function publicWordRoutes(app: FastifyInstance) {
  const wall = new CachedResponse(app.liveHub, ['words'], async () => ({ words: await loadWall(app.database.db) }));
  app.get('/api/words', (request, reply) => wall.send(request, reply));
}

export function memberWordRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/words/mine', async (request): Promise<MyWordResponse> => {
    const user = requireMember(request);
    const word = await db.selectFrom('words').select(['content', 'public']).where('author_id', '=', user.id).executeTakeFirst();
    return { word: word ?? null };
  });

  app.post<{ Body: NewWordPayload }>(
    '/api/words',
    { schema: { body: object({ content: string({ maxLength: PRINT_MAX_LENGTH * 8 }) }) } },
    async (request, reply) => {
      const user = requireMember(request);
      const content = request.body.content.trim();
      // Told apart from the length rule, whose message would not say what is wrong.
      if (!isPrintableText(content)) throw new AppError(400, 'words/invalid-characters');
      if (!isValidPrint(content)) throw new AppError(400, 'words/invalid-content');
      try {
        const word = await db.transaction().execute(async (trx) => {
          const row = await trx.insertInto('words').values({ author_id: user.id, content }).returning('id').executeTakeFirstOrThrow();
          await announce(trx, 'moderation');
          return row;
        });
        return reply.code(201).send({ id: word.id });
      } catch (error) {
        if (violatedConstraint(error) === 'words_one_per_author') throw new AppError(409, 'words/already-left');
        throw error;
      }
    },
  );
}

/** Moderation of words (PRODUCT.md /admin/moderation). */
export function adminWordRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const params = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] };

  app.post<{ Params: { id: string } }>('/api/admin/words/:id/approve', { schema: { params } }, async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('words')
        .set({ public: true, published_at: new Date() })
        .where('id', '=', request.params.id)
        .where('public', '=', false)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new AppError(404, 'http/not-found');
      await announce(trx, 'words');
      await announce(trx, 'moderation');
    });
    app.liveHub.invalidate('words');
    return reply.code(204).send();
  });

  // Refusing deletes the word: its author may then leave another one.
  app.post<{ Params: { id: string } }>('/api/admin/words/:id/refuse', { schema: { params } }, async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('words').where('id', '=', request.params.id).returning('public').executeTakeFirst();
      if (!deleted) throw new AppError(404, 'http/not-found');
      if (deleted.public) await announce(trx, 'words');
      await announce(trx, 'moderation');
    });
    app.liveHub.invalidate('words');
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string }; Body: { vip: boolean } }>(
    '/api/admin/words/:id/vip',
    { schema: { params, body: object({ vip: boolean }) } },
    async (request, reply) => {
      await db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable('words').set({ vip: request.body.vip }).where('id', '=', request.params.id).executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw new AppError(404, 'http/not-found');
        await announce(trx, 'words');
        await announce(trx, 'moderation');
      });
      app.liveHub.invalidate('words');
      return reply.code(204).send();
    },
  );
}
