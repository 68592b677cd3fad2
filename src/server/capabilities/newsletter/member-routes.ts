import type { FastifyInstance } from 'fastify';
import type { NewsletterPreference, UnsubscribePayload } from '../../../shared/newsletter/api';
import { hasPermission } from '../../../shared/permissions';
import { AppError } from '../../platform/http/errors';
import { requireMember, requirePermission } from '../../platform/http/route-groups';
import { boolean, dataOf, object, shape, string } from '../../platform/http/schema';
import { isUuid } from '../../platform/db/keys';
import { change } from '../../platform/live/change';
import { accountIdOfFirebaseUid, setNewsletterSubscription, unsubscribeMemberAsAdmin } from './subscription';

/** What a signed-in member does with their subscription. */
export function newsletterMemberRoutes(app: FastifyInstance) {
  /**
   * Our id, or the Firebase uid a member moved in from the old site is named by in the links
   * of newsletters sent from there (case-sensitive, unlike our ids). A Firebase uid may be
   * shaped like one of our ids, so it is looked for first, whatever its shape.
   */
  async function accountId(userId: string): Promise<string | undefined> {
    return (await accountIdOfFirebaseUid(app.database.db, userId)) ?? (isUuid(userId) ? userId.toLowerCase() : undefined);
  }

  // Spec §7 newsletter-unsubscribe, called by /newsletter-unsubscribe/{userId}: only for
  // the member's own account, or by an admin.
  app.post<{ Body: UnsubscribePayload }>(
    '/api/fn/newsletter-unsubscribe',
    { schema: { body: object({ userId: string({ maxLength: 64 }) }), response: { 200: dataOf(shape({ unsubscribed: boolean })) } } },
    async (request) => {
      const user = requireMember(request);
      const userId = await accountId(request.body.userId.trim());
      const own = userId === user.id;
      if (!own) {
        if (!hasPermission(user.roles, 'administer')) throw new AppError(403, 'newsletter/not-your-account');
        // Another member's account is an admin's action: the staff gate (a second factor) as for the admin group's routes.
        requirePermission(request, 'administer');
      }
      const done =
        userId !== undefined &&
        (await change(app, (subscription) => (own ? setNewsletterSubscription(subscription, userId, false) : unsubscribeMemberAsAdmin(subscription, user.id, userId))));
      if (!done) throw new AppError(404, 'newsletter/unknown-user');
      return { data: { unsubscribed: true } };
    },
  );

  // The account page's 'Recevoir la newsletter' checkbox (subscribing again, too).
  app.put<{ Body: NewsletterPreference }>(
    '/api/account/newsletter',
    { schema: { body: object({ subscribed: boolean }), response: { 200: shape({ subscribed: boolean }) } } },
    async (request): Promise<NewsletterPreference> => {
      const user = requireMember(request);
      await change(app, (subscription) => setNewsletterSubscription(subscription, user.id, request.body.subscribed));
      return { subscribed: request.body.subscribed };
    },
  );
}
