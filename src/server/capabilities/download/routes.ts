import type { FastifyInstance } from 'fastify';
import { mayBeIpadInDesktopMode, storeFor } from '../../../shared/download';

/**
 * /calshare/download (spec §2): Apple devices to the App Store, Android to Google Play,
 * anything else to /calshare, decided here so a shared link works without JavaScript.
 * A Mac user agent may be an iPad in desktop mode: that one gets the page, whose script
 * checks the touch screen and redirects (src/client/routes/download.tsx).
 */
export function downloadRoutes(app: FastifyInstance) {
  const stores = { ios: app.config.public.iosStoreUrl, android: app.config.public.androidStoreUrl };

  app.get('/calshare/download', async (request, reply) => {
    const userAgent = request.headers['user-agent'] ?? '';
    // The answer depends on the device: no shared cache may keep one device's redirect.
    reply.header('cache-control', 'no-store').header('vary', 'User-Agent');
    const store = storeFor(userAgent);
    if (store) return reply.redirect(stores[store], 302);
    if (mayBeIpadInDesktopMode(userAgent)) return reply.callNotFound();
    return reply.redirect('/calshare', 302);
  });
}
