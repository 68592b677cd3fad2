// Every page the site serves from the build, checked by the W3C's Nu Html Checker (the vnu-jar
// package, run with Debian's Java): each prerendered page as the server sends it (with the parts
// it writes from the database: the build leaves their places empty), and the SPA fallback served
// for the rest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startSite, type Site } from './support/site';

const java = spawnSync('java', ['-version']).status === 0;
// Like Chromium and Caddy: skipped where missing, required on CI (.ci/run installs it).
if (!java && process.env.CI) throw new Error("Java is required on CI for the HTML check (Debian's default-jre-headless package)");

const vnu = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

let site: Site | undefined;
beforeAll(async () => {
  if (java) site = await startSite();
});
afterAll(async () => site?.stop());

/** The build's HTML files, each prerendered page replaced by what the server sends for it, in a folder of their own. */
async function servedFiles(client: string): Promise<{ dir: string; files: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'served-pages-'));
  const files: string[] = [];
  for (const file of htmlFiles(client)) {
    const relative = path.relative(client, file);
    const target = path.join(dir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (path.basename(relative) === 'index.html') {
      const route = `/${path.dirname(relative)}`.replace(/\/\.$/, '/');
      const response = await fetch(`${site!.url}${route}`, { redirect: 'manual' });
      expect(response.status, route).toBe(200);
      fs.writeFileSync(target, await response.text());
    } else {
      fs.copyFileSync(file, target);
    }
    files.push(target);
  }
  return { dir, files };
}

it.skipIf(!java)('passes the Nu Html Checker for every page the build gives, as served, the SPA fallback included', async () => {
  const { dir: client, files } = await servedFiles(path.join(inject('buildDir'), 'client'));
  expect(files.map((file) => path.relative(client, file))).toContain('__spa-fallback.html');
  const result = spawnSync('java', ['-jar', vnu, '--format', 'json', '--also-check-svg', ...files], { encoding: 'utf8' });
  type Message = { type: string; subType?: string; url?: string; lastLine?: number; message: string };
  const { messages } = JSON.parse(result.stderr) as { messages: Message[] };
  // Errors and warnings, each with its file and line. Plain notes are left: the one React's
  // markup earns (`<meta … />`, a slash the HTML syntax allows and ignores) is not a fault. So
  // is one warning: lists styled without bullets say role="list" on purpose, since Safari's
  // VoiceOver stops announcing such a list as one without it. And the checker's CSS module
  // predates container queries (CSS Containment 3, in every current browser): its two messages
  // about the header's `container` and `@container` are about valid CSS.
  const faults = messages
    .filter(({ type, subType }) => type !== 'info' || subType === 'warning')
    .filter(({ message }) => !/^The “list” role is unnecessary for element “[uo]l”\.$/.test(message))
    .filter(({ message }) => !/^CSS: (“container”: Property “container” doesn't exist\.|Unrecognized at-rule “@container”)$/.test(message))
    .map(({ type, subType, url, lastLine, message }) => `${url ? path.relative(client, new URL(url).pathname) : '?'}:${lastLine ?? '?'} ${subType ?? type}: ${message}`);
  expect(faults).toEqual([]);
  expect(files.length).toBeGreaterThan(15);
  fs.rmSync(client, { recursive: true, force: true });
});
