import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { Capability } from '../../platform/capability';
import type { LiveNotice } from '../../../shared/live';
import { newsletterAdminRoutes } from './admin-routes';
import { newsletterMemberRoutes } from './member-routes';
import { oneClickRoutes } from './one-click-routes';
import { NewsletterWorker } from './worker';
import { queuedDeliveries } from './deliveries';
import { newsletterRetention } from './retention';

/** True for the notice queueNewsletter sends when a sending starts. */
function isQueuedNotice(notice: LiveNotice): boolean {
  return notice.topic === 'newsletter' && (notice.data as { queued?: unknown } | undefined)?.queued === true;
}

/** Each app runs a sending worker from ready to close (PRODUCT.md: a durable background job). */
function runWorker(app: FastifyInstance) {
  const worker = new NewsletterWorker({
    db: app.database.db,
    mailer: app.mailer,
    site: app.config.public,
    log: app.log,
    settings: { ratePerSecond: app.config.newsletterRatePerSecond, leaseMs: app.config.newsletterLeaseMs },
  });
  let stopHearing: (() => void) | undefined;
  app.addHook('onReady', async () => {
    // Any instance that queues a newsletter wakes the workers of all of them: the notice
    // comes through the instance's one LISTEN, with every other.
    stopHearing = app.liveHub.onNotice((notice) => {
      if (isQueuedNotice(notice)) worker.wake();
    });
    worker.start();
  });
  // preClose: before the mailer and the database close, the mails in flight are finished.
  app.addHook('preClose', async () => {
    stopHearing?.();
    await worker.stop();
  });
}

/** The sending queue, for the operator's alerting: a queue that stops shrinking is a stuck sending. */
function queueGauge(app: FastifyInstance) {
  return new Gauge({
    name: 'unissons_newsletter_deliveries_queued',
    help: 'Newsletter deliveries waiting to be sent (pending) and being sent (sending), on the whole site',
    labelNames: ['status'],
    registers: [],
    async collect() {
      const { pending, sending } = await queuedDeliveries(app.database.db);
      this.set({ status: 'pending' }, pending);
      this.set({ status: 'sending' }, sending);
    },
  });
}

export const newsletterCapability: Capability = {
  public(app) {
    runWorker(app);
    oneClickRoutes(app);
  },
  member: newsletterMemberRoutes,
  admin: newsletterAdminRoutes,
  retention: newsletterRetention,
  metrics: (app) => [queueGauge(app)],
};

export { dropWaitingDeliveries } from './subscription';
export { queuedDeliveries } from './deliveries';
