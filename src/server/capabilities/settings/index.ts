import type { FastifyInstance } from 'fastify';
import {
  firstLegalNoticeError,
  LEGAL_NOTICE_FIELDS,
  LEGAL_NOTICE_RULES,
  normalizeLegalNotice,
  type LegalNotice,
  type LegalNoticeField,
} from '../../../shared/legal-notice';
import { isValidBonusAmount, type PublicAmounts } from '../../../shared/surveys';
import { AppError } from '../../platform/http/errors';
import type { Capability } from '../../platform/capability';
import { requireMember } from '../../platform/http/route-groups';
import { number, object, shape, string, text } from '../../platform/http/schema';
import { change } from '../../platform/live/change';
import { recordAction } from '../journal/index';
import { changedFacts, readLegalNotice, writeLegalNotice } from './legal-notice';
import { legalNoticePageParts } from './legal-notice-pages';
import { readPublicAmounts, writePublicAmounts } from './public-amounts';

/** `PublicAmounts`: euros, cents at most. */
const publicAmounts = { 200: shape({ bonusAmount: number }) };

/** `LegalNotice`: every fact, '' when missing. */
const legalNotice = { 200: shape(Object.fromEntries(LEGAL_NOTICE_FIELDS.map((field) => [field, text]))) };
/** Generous bounds: the shared rule, after trimming, answers with the field's own limit. */
const legalNoticeBody = object(Object.fromEntries(LEGAL_NOTICE_FIELDS.map((field) => [field, string({ maxLength: 2000 })])));

/** The journal's line: which facts changed, by their labels. */
const legalNoticeSummary = (changed: LegalNoticeField[]) =>
  changed.length === 0
    ? 'Mentions légales enregistrées sans changement'
    : `Mentions légales : ${changed.map((field) => LEGAL_NOTICE_RULES[field].label.toLowerCase()).join(', ')}`;

/** Site settings the admin changes (PRODUCT.md /admin/settings): the survey bonus and the legal notice's facts. */
export const settingsCapability: Capability = {
  pageParts: legalNoticePageParts,
  public(app: FastifyInstance) {
    // The page renders the same facts after a navigation; the server wrote them into a loaded page.
    app.get('/api/legal-notice', { schema: { response: legalNotice } }, async (_request, reply): Promise<LegalNotice> => {
      reply.header('cache-control', 'no-cache');
      return readLegalNotice(app.database.db, app.config.legalNotice);
    });

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

    app.get('/api/admin/settings/legal-notice', { schema: { response: legalNotice } }, async (): Promise<LegalNotice> =>
      readLegalNotice(app.database.db, app.config.legalNotice),
    );

    app.put<{ Body: LegalNotice }>(
      '/api/admin/settings/legal-notice',
      { schema: { body: legalNoticeBody, response: legalNotice } },
      async (request): Promise<LegalNotice> => {
        const notice = normalizeLegalNotice(request.body);
        // The form's own rule (shared/legal-notice.ts), with the first wrong field's message.
        const invalid = firstLegalNoticeError(notice);
        if (invalid) throw new AppError(400, 'settings/invalid-legal-notice', invalid);
        const actorId = requireMember(request).id;
        // Written, journaled and announced together: every instance writes its pages again.
        await change(app, async ({ db, announce }) => {
          const before = await readLegalNotice(db, app.config.legalNotice);
          await writeLegalNotice(db, notice);
          const changed = changedFacts(before, notice);
          await recordAction(db, {
            actorId,
            kind: 'settings/update',
            targetType: 'settings',
            targetId: 'legal_notice',
            summary: legalNoticeSummary(Object.keys(changed) as LegalNoticeField[]),
            details: changed,
          });
          await announce('legal-notice');
        });
        return notice;
      },
    );
  },
};

// What other capabilities use of settings.
export { readPublicAmounts, writePublicAmounts } from './public-amounts';
