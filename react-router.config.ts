import type { Config } from '@react-router/dev/config';
import { PUBLIC_PATHS } from './src/shared/routes';

export default {
  appDirectory: 'src/client',
  buildDirectory: 'build',
  // Public pages are prerendered to static HTML; the rest is a SPA served by Fastify.
  ssr: false,
  async prerender() {
    return [...PUBLIC_PATHS];
  },
} satisfies Config;
