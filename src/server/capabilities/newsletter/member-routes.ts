import type { FastifyInstance } from 'fastify';
import type { NewsletterPreference, UnsubscribePayload } from '../../../shared/newsletter/api';
import { hasPermission } from '../../../shared/permissions';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, object, string } from '../../platform/http/schema';
import { isUuid } from '../../platform/db/keys';
import { change } from '../../platform/live/change';
import { setNewsletterSubscription, unsubscribeMemberAsAdmin } from './subscription';

/** What a signed-in member does with their subscription. */
export function newsletterMemberRoutes(app: FastifyInstance) {
  // Spec §7 newsletter-unsubscribe, called by /newsletter-unsubscribe/{userId}: only for
  // the member's own account, or by an admin.
  app.post<{ Body: UnsubscribePayload }>(
    '/api/fn/newsletter-unsubscribe',
    { schema: { body: object({ userId: string({ maxLength: 64 }) }) } },
    async (request) => {
      const user = requireMember(request);
      const userId = request.body.userId.trim().toLowerCase();
      const own = userId === user.id;
      if (!own && !hasPermission(user.roles, 'administer')) throw new AppError(403, 'newsletter/not-your-account');
      const done =
        isUuid(userId) &&
        (await change(app, (subscription) => (own ? setNewsletterSubscription(subscription, userId, false) : unsubscribeMemberAsAdmin(subscription, user.id, userId))));
      if (!done) throw new AppError(404, 'newsletter/unknown-user');
      return { data: { unsubscribed: true } };
    },
  );

  // The account page's 'Recevoir la newsletter' checkbox (subscribing again, too).
  app.put<{ Body: NewsletterPreference }>(
    '/api/account/newsletter',
    { schema: { body: object({ subscribed: boolean }) } },
    async (request): Promise<NewsletterPreference> => {
      const user = requireMember(request);
      await change(app, (subscription) => setNewsletterSubscription(subscription, user.id, request.body.subscribed));
      return { subscribed: request.body.subscribed };
    },
  );
}
