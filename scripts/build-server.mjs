// Bundles the server for production (a release has no TypeScript loader), inlines the
// pages' style sheets and pre-compresses the client's text assets so they are served without
// CPU work.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { inlineStyleSheetsOfBuild } from './inline-styles.mjs';

// The server, and the commands an operator runs beside it (a release has no tsx).
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    backup: 'src/server/platform/backup/backup-command.ts',
    restore: 'src/server/platform/backup/restore-command.ts',
    'rotate-secrets': 'src/server/rotate-secrets-command.ts',
    'import-firebase': 'src/server/capabilities/firebase-import/import-firebase-command.ts',
    'reset-two-factor': 'src/server/capabilities/accounts/reset-two-factor-command.ts',
  },
  outdir: 'build/node',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The embedded database's thread, loaded beside main.js (src/server/platform/db/pglite-thread-client.ts).
fs.copyFileSync('src/server/platform/db/pglite-thread.mjs', 'build/node/pglite-thread.mjs');
// The SMTP pool's thread, likewise (src/server/platform/mail/mailer.ts).
fs.copyFileSync('src/server/platform/mail/smtp-thread.mjs', 'build/node/smtp-thread.mjs');

// The texts a fresh site starts with (src/server/capabilities/texts/defaults.ts reads them
// beside main.js): a release has no content/ of its own.
fs.rmSync('build/node/content', { recursive: true, force: true });
fs.cpSync('content', 'build/node/content', { recursive: true, filter: (source) => fs.statSync(source).isDirectory() || source.endsWith('.md') });

// Before compressing: the pages paint without waiting for a style sheet (decision 0024).
inlineStyleSheetsOfBuild('build/client');

const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}
for (const file of files('build/client')) {
  if (!compressible.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}
