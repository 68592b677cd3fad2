import type { Config } from '@react-router/dev/config';
import { PUBLIC_PATHS } from './src/shared/routes';

export default {
  appDirectory: 'src/client',
  buildDirectory: 'build',
  // Public pages are prerendered to static HTML; the rest is a SPA served by Fastify.
  ssr: false,
  // React Router 8's changes stay off until the move to it (it needs Node 22.22 or later);
  // naming each one keeps the build from warning about it on every run.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  async prerender() {
    return [...PUBLIC_PATHS];
  },
} satisfies Config;
