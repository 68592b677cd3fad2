// Every HTML file the build writes, checked by the W3C's Nu Html Checker (the vnu-jar package,
// run with Debian's Java): the prerendered pages and the SPA fallback served for the rest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, inject, it } from 'vitest';

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

it.skipIf(!java)('passes the Nu Html Checker for every HTML file of the build, the SPA fallback included', { timeout: 120_000 }, () => {
  const client = path.join(inject('buildDir'), 'client');
  const files = htmlFiles(client);
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
});
