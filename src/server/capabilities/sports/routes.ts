import type { FastifyInstance } from 'fastify';
import { REACTIONS, type MyReactionsResponse, type NewSportPayload, type Reaction, type ReactionResult, type SportCheck } from '../../../shared/sports';
import { isValidEmojiField } from '../../../shared/validation/emoji';
import { isValidSportName, SPORT_NAME_MAX_LENGTH, sportDuplicateKey, sportId } from '../../../shared/validation/sport';
import { CachedResponse } from '../../platform/http/cached-response';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, integer, listOf, mapOf, nullable, object, oneOf, shape, string, text } from '../../platform/http/schema';
import { violatedConstraint } from '../../platform/db/keys';
import { change } from '../../platform/live/change';
import { countPendingSuggestions, findSuggestion, insertSuggestion, loadCounts, loadPublicSports, myReactions, toggleSportReaction } from './queries';
import { createReactionLimit } from './reaction-limit';

const idParams = object({ id: string({ maxLength: SPORT_NAME_MAX_LENGTH * 4 }) });
const reaction = oneOf(REACTIONS);
const reactionCounts = shape({ love: integer, wow: integer, no: integer });
/** `SportsResponse`: sent already written by its cache, so this schema documents it and changes nothing. */
const sportsSchema = shape({ sports: listOf(shape({ id: text, name: text, emoji: text, reactions: reactionCounts })) });

/**
 * Pending suggestions are what costs the moderators, so a member may have this many waiting
 * at most (the 'sports/too-many-pending' message says the number); each approval or refusal
 * frees a place. A cap rather than a daily quota: it bounds the queue whatever the pace,
 * holds across instances (it is counted in the database) and never stops a member whose
 * ideas were all reviewed.
 */
export const PENDING_SUGGESTIONS_PER_MEMBER = 10;

export function publicSportRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const list = new CachedResponse(app.liveHub, ['sports'], async () => ({ sports: await loadPublicSports(db) }));
  app.get('/api/sports', { schema: { response: { 200: sportsSchema } } }, (request, reply) => list.send(request, reply));

  // The suggestion form's duplicate check (spec §5), against every suggestion, pending too.
  app.get<{ Querystring: { name: string } }>(
    '/api/sports/check',
    {
      schema: {
        querystring: object({ name: string({ maxLength: 200 }) }),
        response: { 200: shape({ taken: boolean, existing: shape({ id: text, listed: boolean }) }, ['existing']) },
      },
    },
    async (request): Promise<SportCheck> => {
      const existing = await findSuggestion(db, sportDuplicateKey(request.query.name));
      return existing ? { taken: true, existing } : { taken: false };
    },
  );
}

export function memberSportRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const reactionLimit = createReactionLimit(app);

  app.get('/api/sports/mine', { schema: { response: { 200: shape({ reactions: mapOf(reaction) }) } } }, async (request, reply): Promise<MyReactionsResponse> => {
    const user = requireMember(request);
    reply.header('cache-control', 'no-store');
    const rows = await myReactions(db, user.id);
    return { reactions: Object.fromEntries(rows.map((row) => [row.sport_id, row.reaction])) };
  });

  app.post<{ Body: NewSportPayload }>(
    '/api/sports',
    { schema: { body: object({ name: string({ maxLength: 200 }), emoji: string({ maxLength: 100 }) }), response: { 201: shape({ id: text }) } } },
    async (request, reply) => {
      const user = requireMember(request);
      const { name, emoji } = request.body;
      if (!isValidSportName(name)) throw new AppError(400, 'sports/invalid-name');
      if (!isValidEmojiField(emoji)) throw new AppError(400, 'sports/invalid-emoji');
      const id = sportId(name);
      try {
        await change(app, async ({ db: trx, announce }) => {
          if ((await countPendingSuggestions(trx, user.id)) >= PENDING_SUGGESTIONS_PER_MEMBER) throw new AppError(429, 'sports/too-many-pending');
          await insertSuggestion(trx, { id, name: name.trim().replace(/\s+/g, ' '), duplicateKey: sportDuplicateKey(name), emoji, submittedBy: user.id });
          await announce('moderation');
        });
      } catch (error) {
        if (violatedConstraint(error)) throw new AppError(409, 'sports/already-suggested');
        throw error;
      }
      return reply.code(201).send({ id });
    },
  );

  app.post<{ Params: { id: string }; Body: { reaction: Reaction } }>(
    '/api/sports/:id/reaction',
    { schema: { params: idParams, body: object({ reaction }), response: { 200: shape({ reactions: reactionCounts, mine: nullable(reaction) }) } } },
    async (request): Promise<ReactionResult> => {
      const user = requireMember(request);
      await reactionLimit(request);
      const mine = await change(app, (sports) => toggleSportReaction(sports, request.params.id, user.id, request.body.reaction), { oneStatement: true });
      if (mine === undefined) throw new AppError(404, 'http/not-found');
      return { reactions: await loadCounts(db, request.params.id), mine };
    },
  );
}
