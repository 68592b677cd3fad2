import type { FastifyInstance } from 'fastify';
import type { AdminOrganisationsResponse } from '../../../shared/accounts';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { AppError } from '../../http/errors';
import { object, string } from '../../http/schema';

/** The admin's allowlist of e-mails that may open an organisation account. */
export function adminOrganisationRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/organisations', async (): Promise<AdminOrganisationsResponse> => {
    const [allowlist, organisations] = await Promise.all([
      db
        .selectFrom('organisation_allowlist')
        .leftJoin('users', 'users.email', 'organisation_allowlist.email')
        .select(['organisation_allowlist.email', 'organisation_allowlist.created_at', 'users.id as user_id'])
        .orderBy('organisation_allowlist.created_at', 'desc')
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'created_at'])
        .where('account_type', '=', 'organisation')
        .orderBy('created_at', 'desc')
        .execute(),
    ]);
    return {
      allowlist: allowlist.map((row) => ({ email: row.email, createdAt: row.created_at.toISOString(), registered: row.user_id !== null })),
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
      await db
        .insertInto('organisation_allowlist')
        .values({ email: normalizeEmail(email) })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { email: string } }>('/api/admin/organisations/allowlist/:email', async (request, reply) => {
    await db.deleteFrom('organisation_allowlist').where('email', '=', normalizeEmail(request.params.email)).execute();
    return reply.code(204).send();
  });
}
