import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { change } from '../../platform/live/change';
import type { Kysely } from 'kysely';
import type { JournalKind } from '../../../shared/journal';
import { MODERATION_BULK_MAX, MODERATION_UNAPPROVE_WINDOW_MS, type BulkModerationPayload, type BulkModerationResult } from '../../../shared/moderation';
import { SPORT_NAME_MAX_LENGTH } from '../../../shared/validation/sport';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { arrayOf, boolean, integer, object, oneOf, shape, string } from '../../platform/http/schema';
import {
  approveSports,
  approveWords,
  recordModeration,
  refuseSports,
  refuseWords,
  setWordVip,
  unapproveSport,
  unapproveWord,
  withdrawWord,
  type Moderated,
} from './transitions';

const wordParams = object({ id: string({ maxLength: 36, format: 'uuid' }) });
const sportId = string({ maxLength: SPORT_NAME_MAX_LENGTH * 4 });
const sportParams = object({ id: sportId });

type Transition = (trx: Kysely<Database>) => Promise<Moderated[] | Moderated | undefined>;

/**
 * Approve (and take back a fresh approval), refuse, withdraw and VIP, one item or a selection (PRODUCT.md /admin/moderation).
 * Each runs in one transaction with its journal rows; an item that is no longer in the state
 * the action expects gets 409 'moderation/already-done'.
 */
export function moderationActionRoutes(app: FastifyInstance) {

  /** Runs `transition` as the signed-in moderator; gives the items it changed (none: nothing was left to do). */
  async function moderate(request: FastifyRequest, kind: JournalKind, transition: Transition, details?: Record<string, unknown>): Promise<Moderated[]> {
    const actor = requireMember(request);
    return change(app, async (moderation) => {
      const changed = [await transition(moderation.db)].flat().filter((item) => item !== undefined);
      await recordModeration(moderation, actor.id, kind, changed, details);
      return changed;
    });
  }

  const single = (kind: JournalKind, transition: (id: string, trx: Kysely<Database>) => Promise<Moderated[] | Moderated | undefined>) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const items = await moderate(request, kind, (trx) => transition(request.params.id, trx));
      if (items.length === 0) throw new AppError(409, 'moderation/already-done');
      return reply.code(204).send();
    };

  app.post('/api/admin/words/:id/approve', { schema: { params: wordParams } }, single('moderation/approve', (id, trx) => approveWords(trx, [id])));
  app.post('/api/admin/words/:id/unapprove', { schema: { params: wordParams } }, single('moderation/unapprove', (id, trx) => unapproveWord(trx, id, MODERATION_UNAPPROVE_WINDOW_MS)));
  app.post('/api/admin/words/:id/refuse', { schema: { params: wordParams } }, single('moderation/refuse', (id, trx) => refuseWords(trx, [id])));
  app.post('/api/admin/words/:id/withdraw', { schema: { params: wordParams } }, single('moderation/withdraw', (id, trx) => withdrawWord(trx, id)));
  app.post<{ Params: { id: string }; Body: { vip: boolean } }>(
    '/api/admin/words/:id/vip',
    { schema: { params: wordParams, body: object({ vip: boolean }) } },
    async (request, reply) => {
      const { vip } = request.body;
      const items = await moderate(request, 'moderation/vip', (trx) => setWordVip(trx, request.params.id, vip), { vip });
      if (items.length === 0) throw new AppError(409, 'moderation/already-done');
      return reply.code(204).send();
    },
  );
  app.post('/api/admin/sports/:id/approve', { schema: { params: sportParams } }, single('moderation/approve', (id, trx) => approveSports(trx, [id])));
  app.post('/api/admin/sports/:id/unapprove', { schema: { params: sportParams } }, single('moderation/unapprove', (id, trx) => unapproveSport(trx, id, MODERATION_UNAPPROVE_WINDOW_MS)));
  app.post('/api/admin/sports/:id/refuse', { schema: { params: sportParams } }, single('moderation/refuse', (id, trx) => refuseSports(trx, [id])));

  app.post<{ Body: BulkModerationPayload }>(
    '/api/admin/moderation/bulk',
    {
      schema: {
        body: object({
          action: oneOf(['approve', 'refuse'] as const),
          words: arrayOf(string({ maxLength: 36, format: 'uuid' }), MODERATION_BULK_MAX),
          sports: arrayOf(sportId, MODERATION_BULK_MAX),
        }),
        response: { 200: shape({ done: integer, alreadyDone: integer }) },
      },
    },
    async (request): Promise<BulkModerationResult> => {
      const { action, words, sports } = request.body;
      const wordIds = [...new Set(words)];
      const sportIds = [...new Set(sports)];
      const kind = action === 'approve' ? 'moderation/approve' : 'moderation/refuse';
      const items = await moderate(
        request,
        kind,
        async (trx) =>
          action === 'approve'
            ? [...(await approveWords(trx, wordIds)), ...(await approveSports(trx, sportIds))]
            : [...(await refuseWords(trx, wordIds)), ...(await refuseSports(trx, sportIds))],
        { bulk: true },
      );
      return { done: items.length, alreadyDone: wordIds.length + sportIds.length - items.length };
    },
  );
}
