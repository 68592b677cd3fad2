// `npm run build`: the pages (React Router's build, with Vite), then the server and the
// finishing steps (build-server.mjs). A volunteer reads what it prints: what was built, and
// any real problem, in full.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

// React Router 7 starts Vite servers inside its build with `envFile: false`, which Vite 8
// deprecates, saying so nine times a build. React Router 8 passes `envDir: false` instead but
// needs Node 22.22 or later: remove this with that upgrade. Only this exact line is left out.
const REACT_ROUTER_7_NOTICE = 'The `envFile` option is deprecated, please use `envDir: false` instead.';

const reactRouter = path.join(path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')), 'bin.js');
const pages = spawn(process.execPath, [reactRouter, 'build'], {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: {
    ...process.env,
    // Each time it reads vite.config.ts, Vite lists what its future native loader would
    // refuse: imports without a file extension, as everywhere in the project. The project
    // uses the default loader, which reads them; the list would come six times a build.
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
    // The output goes through a pipe: keep the colours a terminal would have shown.
    ...(process.stdout.isTTY && { FORCE_COLOR: '1' }),
  },
});
const relayed = [
  [pages.stdout, process.stdout],
  [pages.stderr, process.stderr],
].map(([from, to]) => {
  const lines = readline.createInterface({ input: from, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (stripVTControlCharacters(line).trim() !== REACT_ROUTER_7_NOTICE) to.write(`${line}\n`);
  });
  return new Promise((resolve) => lines.once('close', resolve));
});
const [code] = await Promise.all([new Promise((resolve) => pages.once('close', resolve)), ...relayed]);
if (code !== 0) process.exit(code ?? 1);

await import('./build-server.mjs');
