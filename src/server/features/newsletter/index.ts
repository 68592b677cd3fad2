import type { FastifyInstance } from 'fastify';
import type { FeatureRoutes } from '../../http/route-groups';
import { LIVE_CHANNEL } from '../live/announce';
import { newsletterAdminRoutes } from './admin-routes';
import { newsletterMemberRoutes } from './member-routes';
import { oneClickRoutes } from './one-click-routes';
import { NewsletterWorker } from './worker';

/** True for the notice queueNewsletter sends when a sending starts. */
function isQueuedNotice(payload: string): boolean {
  try {
    const notice = JSON.parse(payload) as { topic?: unknown; data?: { queued?: unknown } };
    return notice.topic === 'newsletter' && notice.data?.queued === true;
  } catch {
    return false;
  }
}

/** Each app runs a sending worker from ready to close (PRODUCT.md: a durable background job). */
function runWorker(app: FastifyInstance) {
  const worker = new NewsletterWorker({
    db: app.database.db,
    mailer: app.mailer,
    site: app.config.public,
    log: app.log,
    settings: { ratePerSecond: app.config.newsletterRatePerSecond },
  });
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // Any instance that queues a newsletter wakes the workers of all of them.
    unlisten = await app.database.listen(LIVE_CHANNEL, (payload) => {
      if (isQueuedNotice(payload)) worker.wake();
    });
    worker.start();
  });
  // preClose: before the mailer and the database close, the mails in flight are finished.
  app.addHook('preClose', async () => {
    await unlisten?.();
    await worker.stop();
  });
}

export const newsletterFeature: FeatureRoutes = {
  public(app) {
    runWorker(app);
    oneClickRoutes(app);
  },
  member: newsletterMemberRoutes,
  admin: newsletterAdminRoutes,
};
