import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll } from 'vitest';
import { TEXT_PARTS } from '../../../shared/text-pages';

/**
 * The empty place of a server part, by the part's name: a `*_PART` of src/shared, so that a
 * renamed part breaks the tests that write its place. With the classes the real page gives it
 * when the server must keep them.
 */
export type Place = string | { name: string; className: string };

/** A prerendered page in miniature. */
export interface BuiltPage {
  /** What its <head> holds: the title and meta the server may write over, the scripts it loads. */
  head?: string;
  /** The places of its parts, in <main>, in this order. */
  places?: Place[];
  /** The places inside <noscript>: parts for browsers that run no script only. */
  noscript?: boolean;
  /** An inline script after <main>, which the page's policy allows by its hash. */
  script?: string;
  /** Written pre-compressed too (index.html.br), as the build does. */
  compressed?: boolean;
}

const placeHtml = (place: Place) =>
  typeof place === 'string' ? `<div data-server-part="${place}"></div>` : `<div data-server-part="${place.name}" class="${place.className}"></div>`;

// Every built client has the home page, and the server refuses to start when its founders'
// message has no place: the home page always holds them, the title's as the real page has it.
const HOME_PLACES = `<h2><span data-server-part="${TEXT_PARTS.foundersMessageTitle}"></span></h2>${placeHtml({ name: TEXT_PARTS.foundersMessage, className: 'prose' })}`;

function pageHtml({ head = '', places = [], noscript = false, script }: BuiltPage, before = ''): string {
  const held = places.map(placeHtml).join('');
  const main = before + (noscript ? `<noscript>${held}</noscript>` : held);
  return `<!DOCTYPE html><html><head>${head}</head><body><main>${main}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
}

/**
 * A built client in miniature, for the app to serve (CLIENT_DIR), in a new temporary folder
 * removed after the file or block that calls it: each page at its route ('/vote'), the home
 * page among them whether given or not, and, when given, the page served where none was
 * prerendered and other files (an asset). Call it at the file's or block's top level.
 */
export function setUpBuiltClient(pages: Record<string, BuiltPage> = {}, { fallback, files = {} }: { fallback?: BuiltPage; files?: Record<string, string> } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };
  for (const [route, page] of Object.entries<BuiltPage>({ '/': {}, ...pages })) {
    const file = path.join(route, 'index.html');
    const html = pageHtml(page, route === '/' ? HOME_PLACES : '');
    write(file, html);
    if (page.compressed) write(`${file}.br`, zlib.brotliCompressSync(html));
  }
  if (fallback) write('__spa-fallback.html', pageHtml(fallback));
  for (const [file, content] of Object.entries(files)) write(file, content);
  return dir;
}
