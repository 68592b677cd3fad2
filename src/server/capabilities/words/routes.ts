import type { FastifyInstance } from 'fastify';
import { isValidPrint, PRINT_MAX_LENGTH } from '../../../shared/validation/print';
import { isPrintableText } from '../../../shared/validation/printable';
import type { MyWordResponse, NewWordPayload } from '../../../shared/words';
import { CachedResponse } from '../../platform/http/cached-response';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, listOf, nullable, object, shape, string, text } from '../../platform/http/schema';
import { violatedConstraint } from '../../platform/db/keys';
import { change } from '../../platform/live/change';
import { findMyWord, insertWord, loadWall } from './wall';

/** `WordsResponse`: sent already written by its cache, so this schema documents it and changes nothing. */
const wallSchema = shape({ words: listOf(shape({ id: text, content: text, author: text, authorPic: text, vip: boolean })) });

export function publicWordRoutes(app: FastifyInstance) {
  const wall = new CachedResponse(app.liveHub, ['words'], async () => ({ words: await loadWall(app.database.db) }));
  app.get('/api/words', { schema: { response: { 200: wallSchema } } }, (request, reply) => wall.send(request, reply));
}

export function memberWordRoutes(app: FastifyInstance) {
  const { db } = app.database;

  const mine = shape({ word: nullable(shape({ content: text, public: boolean })) });
  app.get('/api/words/mine', { schema: { response: { 200: mine } } }, async (request): Promise<MyWordResponse> => {
    const user = requireMember(request);
    const word = await findMyWord(db, user.id);
    return { word: word ?? null };
  });

  app.post<{ Body: NewWordPayload }>(
    '/api/words',
    { schema: { body: object({ content: string({ maxLength: PRINT_MAX_LENGTH * 8 }) }), response: { 201: shape({ id: text }) } } },
    async (request, reply) => {
      const user = requireMember(request);
      const content = request.body.content.trim();
      // Told apart from the length rule, whose message would not say what is wrong.
      if (!isPrintableText(content)) throw new AppError(400, 'words/invalid-characters');
      if (!isValidPrint(content)) throw new AppError(400, 'words/invalid-content');
      try {
        const word = await change(app, async ({ db: trx, announce }) => {
          const row = await insertWord(trx, user.id, content);
          await announce('moderation');
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
