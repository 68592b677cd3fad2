// The release as an operator receives it (docs/deploy.md, decision 0014): the built site with
// package.json and package-lock.json in a tarball, installed with production dependencies
// only, started the way the systemd unit starts it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './support/site';
import { proofOfWork } from './support/proof-of-work';

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The packages a bundled server file imports: esbuild left them out (--packages=external). */
function externalPackages(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
  return [...new Set(packages)].sort();
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

describe('production install', () => {
  const buildDir = inject('buildDir');
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'unissons-release-'));
  // Where the release is unpacked and installed (the first test), then run.
  const app = path.join(temp, 'app');
  afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('bundles only packages that are production dependencies', () => {
    for (const file of ['node/main.js', 'node/pglite-thread.mjs', 'node/backup.js', 'node/restore.js']) {
      const externals = externalPackages(path.join(buildDir, file));
      expect(externals.length, file).toBeGreaterThan(0);
      const missing = externals.filter((name) => !(name in packageJson.dependencies));
      expect(missing, `${file} imports these at run time: move them to "dependencies"`).toEqual([]);
    }
  });

  it('starts from the tarball with `npm ci --omit=dev` and serves the API and the pages', { timeout: 300_000 }, async () => {
    // What `tar -czf unissons.tar.gz build package.json package-lock.json deploy` gives in
    // the project (docs/deploy.md), with this run's build.
    const stage = path.join(temp, 'stage');
    fs.cpSync(buildDir, path.join(stage, 'build'), { recursive: true });
    fs.cpSync('deploy', path.join(stage, 'deploy'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(file, path.join(stage, file));
    const tarball = path.join(temp, 'unissons.tar.gz');
    run('tar', ['-czf', tarball, 'build', 'package.json', 'package-lock.json', 'deploy'], stage);

    fs.mkdirSync(app);
    run('tar', ['-xzf', tarball], app);
    // --prefer-offline: the packages are in npm's cache after the project's own install, and
    // asking the registry whether each one changed would only slow the test down.
    const installEnv = { ...process.env, NODE_ENV: 'production' };
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], app, installEnv);
    // Not typescript, react nor react-router: npm installs them as peers of @react-router/node,
    // which React Router's build wants among the dependencies. The widget is in the build.
    for (const name of ['vitest', 'eslint', 'esbuild', '@react-router/dev', 'altcha']) {
      expect(fs.existsSync(path.join(app, 'node_modules', name)), `${name} is a dev dependency`).toBe(false);
    }

    const server = await startInstalled(path.join(app, 'data'));
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    const html = await home.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Ensemble, Unissons le sport !');
    // systemd's TimeoutStopSec is 15 s: the site must be gone, cleanly, before that.
    expect(await server.stop()).toBe(0);
  });

  it("backs up through the running server and restores into a new folder, with the release's own commands", { timeout: 300_000 }, async () => {
    const dataDir = path.join(app, 'data-backed-up');
    const server = await startInstalled(dataDir);
    const member = { email: 'sauvegarde@exemple.fr', password: 'Sauvegarde-2026!' };
    const registered = await fetch(`${server.url}/api/fn/users-registerUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, username: 'sauvegarde', firstname: 'Sacha', lastname: 'Martin', pwd: member.password, ...(await proofOfWork(server.url)) }),
    });
    expect(registered.status).toBe(200);
    // The server holds the folder: the command asks it (SIGUSR2) and waits for its file.
    const backup = runInstalled(['build/node/backup.js'], { DATA_DIR: dataDir });
    expect(backup.stdout).toContain('fait la sauvegarde lui-même');
    const written = /Sauvegarde écrite : (\S+\.sql\.gz)/.exec(backup.stdout)?.[1];
    expect(written, backup.stdout).toBeDefined();
    expect(await server.stop()).toBe(0);

    const restoredDir = path.join(app, 'data-restored');
    const restore = runInstalled(['build/node/restore.js', written!], { DATA_DIR: restoredDir });
    expect(restore.stdout).toContain('restaurée dans');
    const restored = await startInstalled(restoredDir);
    try {
      const login = await fetch(`${restored.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(member),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  });

  /** The environment the systemd unit gives: its own settings and nothing of this project's. */
  const installedEnv = (settings: Record<string, string>) => ({
    PATH: process.env.PATH,
    HOME: temp,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    BACKUP_EVERY: 'off',
    ...settings,
  });

  function runInstalled(args: string[], settings: Record<string, string>) {
    const result = spawnSync(process.execPath, args, { cwd: app, env: installedEnv(settings), encoding: 'utf8', timeout: 120_000 });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
    return result;
  }

  /** The installed server, started as the systemd unit starts it. */
  async function startInstalled(dataDir: string) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['--max-old-space-size=1024', 'build/node/main.js'], {
      cwd: app,
      env: installedEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      await waitForHealth(url, () => server.exitCode);
    } catch (error) {
      server.kill('SIGKILL');
      throw error;
    }
    return {
      url,
      /** SIGTERM; the exit code, or 'still running' after systemd's 15 s (then killed). */
      async stop() {
        server.kill('SIGTERM');
        const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
        if (code === 'still running') server.kill('SIGKILL');
        return code;
      },
    };
  }
});

async function waitForHealth(url: string, exitCode: () => number | null) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode() !== null) throw new Error(`the installed server exited with code ${exitCode()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the installed server did not become healthy within 60 s');
}
