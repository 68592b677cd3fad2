// Makes the built HTML pages paint without waiting for another request (decision
// 0024): each style sheet link React Router wrote is preceded by the sheet's text in a <style>
// and disabled, so the browser neither waits for it nor fetches it; and the module preloads
// (the hydration scripts, which never block the paint) are fetched at low priority.
//
// The disabled links stay because hydration expects them: React matches a <link
// rel=stylesheet> in <head> by rel and href, and leaves its other attributes alone. Once
// React removes one (the visitor left the route), the client drops the matching <style> too
// (src/client/layout/inlined-style-sheets.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The attribute that names the file a <style> was inlined from. */
const INLINED_FROM = 'data-inlined-from';

const STYLE_SHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"<>]+\.css)"\/>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="/g;

/**
 * One page's HTML with its style sheets inlined. `readStyleSheet` gives the text of an
 * `/assets/….css` path.
 * @param {string} html
 * @param {(href: string) => string} readStyleSheet
 * @returns {string}
 */
function inlineStyleSheets(html, readStyleSheet) {
  return html
    .replace(STYLE_SHEET_LINK, (_, href) => {
      const css = readStyleSheet(href);
      // Vite writes root-relative url()s, so the text means the same inside any page.
      if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
      return `<style ${INLINED_FROM}="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
    })
    .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low" href="');
}

/** Rewrites every HTML page under the built client folder, in place. */
export function inlineStyleSheetsOfBuild(clientDir) {
  const read = (href) => fs.readFileSync(path.join(clientDir, href), 'utf8');
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, inlineStyleSheets(fs.readFileSync(file, 'utf8'), read));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) inlineStyleSheetsOfBuild(process.argv[2] ?? 'build/client');
