import type { FastifyInstance } from 'fastify';
import type { AdminOrganisationsResponse } from '../../../shared/organisations';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dateTime, listOf, object, shape, string, text } from '../../platform/http/schema';
import { recordAction } from '../journal/index';

const organisations = shape({
  allowlist: listOf(shape({ email: text, createdAt: dateTime, registered: boolean, awaitingVerification: boolean })),
  organisations: listOf(shape({ uuid: text, username: text, email: text, createdAt: dateTime })),
});

/** The admin's allowlist of e-mails that may open an organisation account. */
export function adminOrganisationRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/organisations', { schema: { response: { 200: organisations } } }, async (): Promise<AdminOrganisationsResponse> => {
    const [allowlist, organisations] = await Promise.all([
      db
        .selectFrom('organisation_allowlist')
        .leftJoin('users', 'users.email', 'organisation_allowlist.email')
        .select(['organisation_allowlist.email', 'organisation_allowlist.created_at', 'users.account_type', 'users.email_verified_at'])
        .orderBy('organisation_allowlist.created_at', 'desc')
        .execute(),
      // Registered means proven: an account that never opened its link may be anyone's (decision 0026).
      db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'created_at'])
        .where('account_type', '=', 'organisation')
        .where('email_verified_at', 'is not', null)
        .orderBy('created_at', 'desc')
        .execute(),
    ]);
    return {
      allowlist: allowlist.map((row) => ({
        email: row.email,
        createdAt: row.created_at.toISOString(),
        registered: row.account_type === 'organisation' && row.email_verified_at !== null,
        awaitingVerification: row.account_type !== null && row.email_verified_at === null,
      })),
      organisations: organisations.map((row) => ({
        uuid: row.id,
        username: row.username,
        email: row.email,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });

  app.post<{ Body: { email: string } }>(
    '/api/admin/organisations/allowlist',
    { schema: { body: object({ email: string({ maxLength: 500 }) }) } },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!isValidEmail(email)) throw new AppError(400, 'users/invalid-email');
      const actorId = requireMember(request).id;
      await db.transaction().execute(async (trx) => {
        const added = await trx
          .insertInto('organisation_allowlist')
          .values({ email: normalizeEmail(email) })
          .onConflict((oc) => oc.column('email').doNothing())
          .returning('email')
          .executeTakeFirst();
        // An address already allowed changes nothing, and is not journaled again.
        if (added) await recordAction(trx, { actorId, kind: 'allowlist/add', targetType: 'allowlist', targetId: added.email, summary: added.email });
      });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { email: string } }>('/api/admin/organisations/allowlist/:email', { schema: { params: object({ email: string({ maxLength: 500 }) }) } }, async (request, reply) => {
    const actorId = requireMember(request).id;
    await db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('organisation_allowlist').where('email', '=', normalizeEmail(request.params.email)).returning('email').executeTakeFirst();
      if (removed) await recordAction(trx, { actorId, kind: 'allowlist/remove', targetType: 'allowlist', targetId: removed.email, summary: removed.email });
    });
    return reply.code(204).send();
  });
}
