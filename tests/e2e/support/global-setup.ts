import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/platform/db/connection';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import { CHROMIUM_ARGS } from './chromium-args';
// @ts-expect-error -- plain ESM helper shared with `npm start`
import { snapshotBuild } from '../../../scripts/ensure-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    browserSkipReason: string;
    /** This run's own copy of the production build. */
    buildDir: string;
    /** The websocket of the run's one Chromium, shared by every spec file. */
    browserEndpoint: string;
    /** A DATA_DIR whose embedded database is created and migrated, for each site to copy. */
    dataDirTemplate: string;
  }
}

// Chromium's headless shell first (Debian's chromium-headless-shell): the same Blink without
// the full browser around it, a third less CPU for the same test (docs/testing.md).
const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Browser tests run against the real production build, rebuilt here when the sources
 * changed. Without a Chromium they are skipped with the reason, except on CI where a
 * missing browser is a failure.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = CANDIDATES.find((candidate) => candidate && fs.existsSync(candidate)) ?? '';
  if (!chromiumPath && process.env.CI) {
    throw new Error('Browser tests are required on CI but no Chromium was found (set CHROME_PATH or install chromium-headless-shell).');
  }
  project.provide('chromiumPath', chromiumPath);
  project.provide('browserSkipReason', chromiumPath ? '' : 'no Chromium found (set CHROME_PATH or install Debian’s chromium-headless-shell)');
  const buildDir = path.resolve('.e2e-builds', String(process.pid));
  (snapshotBuild as (target: string) => void)(buildDir);
  project.provide('buildDir', buildDir);
  // A new embedded database takes seconds to create (initdb) and migrate, far more while the
  // run's servers and browsers share two cores: made once, then copied by each site.
  const dataDirTemplate = path.join(buildDir, 'data-template');
  const database = await openDatabase({ dataDir: dataDirTemplate });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('dataDirTemplate', dataDirTemplate);
  // One browser for the whole run: a launch per spec file cost seconds of a busy CPU each.
  const browser = chromiumPath ? await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS }) : undefined;
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  return async () => {
    await browser?.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  };
}
