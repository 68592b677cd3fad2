// Bundles the server for production (a release has no TypeScript loader), inlines the
// pages' style sheets and pre-compresses the client's text assets so they are served without
// CPU work.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bundleServer } from './bundle-server.mjs';
import { inlineStyleSheetsOfBuild } from './inline-styles.mjs';

// The server and the operator's commands, with what they load beside them (bundle-server.mjs).
await bundleServer('build/node');

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
