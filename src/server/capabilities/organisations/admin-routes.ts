import type { FastifyInstance } from 'fastify';
import type { AdminOrganisationsResponse } from '../../../shared/organisations';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dateTime, listOf, object, shape, string, text } from '../../platform/http/schema';
import { allowlistEntries, allowOrganisationEmail, disallowOrganisationEmail, registeredOrganisations } from './queries';

const organisations = shape({
  allowlist: listOf(shape({ email: text, createdAt: dateTime, registered: boolean, awaitingVerification: boolean })),
  organisations: listOf(shape({ uuid: text, username: text, email: text, createdAt: dateTime })),
});

/** The admin's allowlist of e-mails that may open an organisation account. */
export function adminOrganisationRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/organisations', { schema: { response: { 200: organisations } } }, async (): Promise<AdminOrganisationsResponse> => {
    const [allowlist, organisations] = await Promise.all([allowlistEntries(db), registeredOrganisations(db)]);
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
      await allowOrganisationEmail(db, requireMember(request).id, normalizeEmail(email));
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { email: string } }>('/api/admin/organisations/allowlist/:email', { schema: { params: object({ email: string({ maxLength: 500 }) }) } }, async (request, reply) => {
    await disallowOrganisationEmail(db, requireMember(request).id, normalizeEmail(request.params.email));
    return reply.code(204).send();
  });
}
