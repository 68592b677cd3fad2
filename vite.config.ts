import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { siteContent } from './scripts/vite-site-content';
import { readPublicConfig, type PublicConfig } from './src/shared/public-config';

// Code every page runs: React and React Router (with their default client entry), the root
// layout's imports, and the client's shared layer (design system, HTTP client, hooks).
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/]dev)[\\/]/;
// The platform's pieces every kind of page uses; not its anti-bot widget or charts, which a few
// pages load on demand, nor its test helpers.
const SHARED_LAYER = /[\\/]src[\\/]client[\\/](platform[\\/](ui|data|http|live|session)[\\/](?!chart[\\/])|config\.ts$|seo\.ts$)/;
const ROOT_LAYOUT = /[\\/]src[\\/]client[\\/]root\.tsx$/;

/**
 * Records the settings baked into the pages beside them (build/public-config.json): the server
 * compares them with its own at start (src/server/platform/http/built-public-config.ts).
 */
function recordPublicConfig(config: PublicConfig): Plugin {
  return {
    name: 'record-public-config',
    apply: 'build',
    writeBundle(options) {
      fs.writeFileSync(path.join(options.dir!, '..', 'public-config.json'), `${JSON.stringify(config, null, 2)}\n`);
    },
  };
}

const publicConfig = readPublicConfig(process.env);

export default defineConfig({
  plugins: [reactRouter(), siteContent(publicConfig), recordPublicConfig(publicConfig)],
  // Names, contact e-mail and store links are baked into the prerendered pages;
  // scripts/start.mjs rebuilds when they change.
  define: { __PUBLIC_CONFIG__: JSON.stringify(publicConfig) },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Which plugins took long is a profiling hint that shows whenever the machine is busy,
      // not a problem of the build.
      checks: { bundlerTimings: false },
      output: {
        // Left to itself, Rolldown gives each set of routes sharing modules its own chunk: a
        // dozen files under 1 kB per page, each a request before the page is interactive.
        // These two chunks replace them; route modules and what only they use stay separate.
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 1 },
            {
              debugName: 'app',
              name: (id, context) =>
                SHARED_LAYER.test(id) || context.getModuleInfo(id)?.importers.some((importer) => ROOT_LAYOUT.test(importer)) ? 'app' : null,
            },
          ],
        },
      },
    },
  },
});
