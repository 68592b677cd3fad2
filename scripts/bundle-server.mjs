// The server as a release runs it: one JavaScript file per entry point, with what those files
// load at run time beside them. `npm run build` writes it to build/node (build-server.mjs);
// the tests that start the server as a process of their own make one per run
// (tests/setup/server-bundle.ts).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

// The server, and the commands an operator runs beside it (a release has no tsx).
const entryPoints = {
  main: 'src/server/main.ts',
  backup: 'src/server/platform/backup/backup-command.ts',
  restore: 'src/server/platform/backup/restore-command.ts',
  'rotate-secrets': 'src/server/rotate-secrets-command.ts',
  'import-firebase': 'src/server/capabilities/firebase-import/import-firebase-command.ts',
  'reset-two-factor': 'src/server/capabilities/accounts/reset-two-factor-command.ts',
};

/**
 * Bundles the server's entry points into `outdir` (main.js, backup.js, …) and copies beside
 * them the files they read at run time. The paths are the project's, so run it from the
 * project's folder; `outdir` must be inside the project too, for the bundle to find
 * node_modules (its packages stay external).
 * @param {string} outdir
 */
export async function bundleServer(outdir) {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });

  // The embedded database's thread, loaded beside main.js (src/server/platform/db/pglite-thread-client.ts).
  fs.copyFileSync('src/server/platform/db/pglite-thread.mjs', path.join(outdir, 'pglite-thread.mjs'));
  // The SMTP pool's thread, likewise (src/server/platform/mail/mailer.ts).
  fs.copyFileSync('src/server/platform/mail/smtp-thread.mjs', path.join(outdir, 'smtp-thread.mjs'));

  // The texts a fresh site starts with (src/server/capabilities/texts/defaults.ts reads them
  // beside main.js): a release has no content/ of its own.
  const content = path.join(outdir, 'content');
  fs.rmSync(content, { recursive: true, force: true });
  fs.cpSync('content', content, { recursive: true, filter: (source) => fs.statSync(source).isDirectory() || source.endsWith('.md') });
}
