import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { readPublicConfig } from './src/server/config';
import { siteContent } from './scripts/vite-site-content';

export default defineConfig({
  plugins: [reactRouter(), siteContent(readPublicConfig())],
  // Names, contact e-mail and store links are baked into the prerendered pages;
  // scripts/start.mjs rebuilds when they change.
  define: { __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig()) },
  build: { assetsInlineLimit: 0 },
});
