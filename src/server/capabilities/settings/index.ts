import type { FastifyInstance } from 'fastify';
import { isValidBonusAmount, type PublicAmounts } from '../../../shared/surveys';
import { AppError } from '../../platform/http/errors';
import type { Capability } from '../../platform/capability';
import { requireMember } from '../../platform/http/route-groups';
import { number, object, shape } from '../../platform/http/schema';
import { recordAction } from '../journal/index';
import { readPublicAmounts, writePublicAmounts } from './public-amounts';

/** `PublicAmounts`: euros, cents at most. */
const publicAmounts = { 200: shape({ bonusAmount: number }) };

/** Site settings the admin changes (PRODUCT.md /admin/settings): for now the survey bonus. */
export const settingsCapability: Capability = {
  public(app: FastifyInstance) {
    // Spec §7 reads Consts/public_amounts; the pre-use survey shows its bonusAmount.
    app.get('/api/consts/public-amounts', { schema: { response: publicAmounts } }, async (_request, reply): Promise<PublicAmounts> => {
      reply.header('cache-control', 'no-cache');
      return readPublicAmounts(app.database.db);
    });
  },
  admin(app: FastifyInstance) {
    app.get('/api/admin/settings', { schema: { response: publicAmounts } }, async (): Promise<PublicAmounts> => readPublicAmounts(app.database.db));

    app.put<{ Body: PublicAmounts }>(
      '/api/admin/settings',
      { schema: { body: object({ bonusAmount: { type: 'number' } }), response: publicAmounts } },
      async (request): Promise<PublicAmounts> => {
        // The shared rule (0 to 1000 €, cents at most) answers with its own message.
        if (!isValidBonusAmount(request.body.bonusAmount)) throw new AppError(400, 'settings/invalid-bonus-amount');
        const actorId = requireMember(request).id;
        const bonusAmount = request.body.bonusAmount;
        await app.database.db.transaction().execute(async (trx) => {
          const before = await readPublicAmounts(trx);
          await writePublicAmounts(trx, { bonusAmount });
          await recordAction(trx, {
            actorId,
            kind: 'settings/update',
            targetType: 'settings',
            targetId: 'public_amounts',
            summary: `Bonus du premier trajet : ${before.bonusAmount} € → ${bonusAmount} €`,
            details: { bonusAmount: { from: before.bonusAmount, to: bonusAmount } },
          });
        });
        return readPublicAmounts(app.database.db);
      },
    );
  },
};

// What other capabilities use of settings.
export { readPublicAmounts, writePublicAmounts } from './public-amounts';
