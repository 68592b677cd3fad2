import type { Plugin } from 'vite';
import { renderVisuals } from '../src/build-time/calshare/render-visuals';
import type { PublicConfig } from '../src/shared/public-config';

/**
 * The files the client build makes beside the pages: the visuals (visuals/*.png). The site's
 * texts (the wiki's articles, the privacy policy, the founders' message, the legal notice's free
 * text and the legal PDFs) are the published texts the server writes (src/server/capabilities/
 * texts and wiki), so no Markdown is read at build time.
 */
export function siteContent(config: PublicConfig): Plugin[] {
  return [
    {
      name: 'site-content:files',
      apply: 'build',
      async generateBundle() {
        // Once, with the browser's files: the prerender build must not emit them again.
        if (this.environment.config.consumer !== 'client') return;
        for (const { file, png } of await renderVisuals(config)) {
          this.emitFile({ type: 'asset', fileName: file, source: png });
        }
      },
    },
  ];
}
