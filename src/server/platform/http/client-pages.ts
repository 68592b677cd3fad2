import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface ClientPages {
  dir: string;
  /** URL path ('/', '/join', …) → file under dir ('index.html', 'join/index.html'). */
  prerendered: Map<string, string>;
  fallback: string;
  /** HTML file under dir → 'sha256-…' of each of its inline scripts, for that page's CSP. */
  scriptHashes: Map<string, string[]>;
}

/**
 * Reads the built client once at start-up: which routes were prerendered, and the hashes
 * of each page's inline scripts (React Router writes its context inline), so each page's
 * CSP allows exactly its own scripts and no others.
 */
export function loadClientPages(dir: string): ClientPages | undefined {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return undefined;
  const prerendered = new Map<string, string>();
  const scriptHashes = new Map<string, string[]>();
  for (const file of htmlFiles(dir)) {
    const html = fs.readFileSync(path.join(dir, file), 'utf8');
    const hashes = new Set<string>();
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (match[1]) hashes.add(`sha256-${createHash('sha256').update(match[1]).digest('base64')}`);
    }
    scriptHashes.set(file, [...hashes].sort());
    if (file.endsWith('index.html')) {
      const route = '/' + path.dirname(file).split(path.sep).join('/');
      prerendered.set(route === '/.' ? '/' : route, file);
    }
  }
  return { dir, prerendered, fallback: '__spa-fallback.html', scriptHashes };
}

function* htmlFiles(dir: string, prefix = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(dir, relative);
    else if (entry.name.endsWith('.html')) yield relative;
  }
}
