import type { FastifyInstance } from 'fastify';
import type { ModerationDigestPreference } from '../../../shared/moderation';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, object, shape } from '../../platform/http/schema';
import { isSubscribedToDigest, setDigestSubscription } from './digest';

/** The account page's 'Recevoir le résumé de modération' (moderators and admins only, by the route group). */
export function digestPreferenceRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const preference = { 200: shape({ subscribed: boolean }) };

  app.get('/api/admin/moderation/digest', { schema: { response: preference } }, async (request, reply): Promise<ModerationDigestPreference> => {
    const user = requireMember(request);
    reply.header('cache-control', 'no-store');
    return { subscribed: await isSubscribedToDigest(db, user.id) };
  });

  app.put<{ Body: ModerationDigestPreference }>(
    '/api/admin/moderation/digest',
    { schema: { body: object({ subscribed: boolean }), response: preference } },
    async (request): Promise<ModerationDigestPreference> => {
      const user = requireMember(request);
      await setDigestSubscription(db, user.id, request.body.subscribed);
      return { subscribed: request.body.subscribed };
    },
  );
}
