import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ESM helper shared with `npm run build`
import { bundleServer } from '../../scripts/bundle-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's bundle of the server (main.js, backup.js, …), as build/node holds it. */
    serverBundle: string;
  }
}

const bundle = bundleServer as (outdir: string) => Promise<void>;

/** Set by the first project's setup: the server and unit projects share one bundle. */
const shared = globalThis as { serverBundle?: Promise<string> };

/**
 * The tests that start the server, or an operator's command, as a process of their own run
 * the bundle a release runs: started under tsx, each process spent seconds of CPU compiling
 * the TypeScript first. Bundled once per run (a second or two), inside the project so that
 * it finds node_modules, and two folders down like build/node, so that it finds package.json.
 */
export default async function setup(project: TestProject) {
  if (!shared.serverBundle) {
    const dir = path.resolve('.test-builds', String(process.pid));
    shared.serverBundle = bundle(dir).then(() => dir);
    // In watch mode, a rerun's processes must run the sources as they are now.
    project.onTestsRerun(() => bundle(dir));
  }
  const dir = await shared.serverBundle;
  project.provide('serverBundle', dir);
  // Teardowns run once every project's tests are done: the first one removes the folder.
  return () => fs.rm(dir, { recursive: true, force: true });
}
