import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { change } from '../../platform/live/change';
import { recordAction } from '../journal/index';
import { takenAccountError } from '../accounts/index';

/**
 * An organisation's new displayed name (decision 0026), journaled with the old one in the
 * same transaction, so a wrong or misleading name is fixed by the organisation and traced,
 * without an admin deleting the account. The unique index on lower(username) decides
 * between two accounts choosing the same name at once. Answers whether the name changed.
 */
export async function renameOrganisation(
  app: Pick<FastifyInstance, 'database' | 'liveHub'>,
  organisationId: string,
  username: string,
): Promise<boolean> {
  try {
    return await change(app, async ({ db: trx, announce }) => {
      const current = await trx
        .selectFrom('users')
        .select('username')
        .where('id', '=', organisationId)
        .where('account_type', '=', 'organisation')
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new AppError(403, 'http/forbidden');
      if (current.username === username) return false;
      await trx.updateTable('users').set({ username }).where('id', '=', organisationId).execute();
      await recordAction(trx, {
        actorId: organisationId,
        kind: 'account/rename',
        targetType: 'user',
        targetId: organisationId,
        summary: `${current.username} → ${username}`,
        details: { from: current.username, to: username },
      });
      // The wall and the moderation queue show authors by name.
      await announce('words');
      await announce('moderation');
      return true;
    });
  } catch (error) {
    throw takenAccountError(error);
  }
}
