import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The same plugin and asset options as the site's vite.config.ts, without its content plugin.
export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
});
