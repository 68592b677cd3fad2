// The release as an operator receives it (docs/deploy.md, decision 0014): the built site with
// package.json and package-lock.json in a tarball, installed with production dependencies
// only, started the way the systemd unit starts it. The guide's own commands make, install
// and upgrade it, read from docs/deploy.md, so the guide cannot drift from what is tested.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { proofOfWork } from './support/proof-of-work';
import { openDatabase } from '../../src/server/platform/db/connection';
import { migrations } from '../../src/server/platform/db/migrations/index';
import { adminQuery } from '../../src/server/platform/testing/test-database';
import { PUBLISHED_USER, writeExport } from '../../src/server/capabilities/firebase-import/export-fixture';

// The PostgreSQL server of the machine (.ci/run starts it), for the step with two instances.
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The packages a bundled server file imports: esbuild left them out (--packages=external). */
function externalPackages(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  // A specifier holds no space: 'roles/import', 'member/suspend' in a list is not an import.
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'\s,]+)["']/g)].map((match) => match[1]);
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
  return [...new Set(packages)].sort();
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The shell blocks of one numbered section of docs/deploy.md, each as its lines. */
function guideBlocks(section: number): string[][] {
  const guide = fs.readFileSync('docs/deploy.md', 'utf8');
  const start = guide.indexOf(`\n## ${section}. `);
  expect(start, `docs/deploy.md has a section ${section}`).toBeGreaterThan(-1);
  const end = guide.indexOf('\n## ', start + 1);
  const text = guide.slice(start, end === -1 ? undefined : end);
  return [...text.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) =>
    body
      .split('\n')
      .map((line) => line.slice(indent.length))
      .filter((line) => line.trim() !== ''),
  );
}

// What the test cannot do here: install packages, add users, drive systemd or a running
// service (it starts and stops the site itself, as the unit does).
/** The flags the systemd unit gives Node (the same as `npm start`'s, checked in deploy-files.test). */
const UNIT_FLAGS = /^ExecStart=\S+ ((?:--\S+ )*)build\/node\/main\.js$/m.exec(fs.readFileSync('deploy/unissons.service', 'utf8'))![1].trim().split(' ');

const MACHINE_COMMAND = /^(apt|useradd|systemctl|journalctl|\$run)\b/;

describe('production install', () => {
  const buildDir = inject('buildDir');
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'unissons-release-'));
  // The guide's /opt, here: the release is unpacked and installed into opt/unissons (the
  // test's first step), run from there, then upgraded.
  const opt = path.join(temp, 'opt');
  const app = path.join(opt, 'unissons');
  // Where the tarball lands, as the guide's commands expect it: unissons.tar.gz in the folder they run in.
  const upload = path.join(temp, 'upload');
  const tarball = path.join(upload, 'unissons.tar.gz');
  // The data lives outside the release folder, as /var/lib/unissons does.
  const data = path.join(temp, 'var');
  afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));
  // npm's cache holds the packages after the project's own install: asking the registry
  // whether each one changed would only slow the test down.
  const installEnv = { ...process.env, NODE_ENV: 'production', npm_config_prefer_offline: 'true' };

  /** The guide's commands, run by sh as written, with /opt moved into the test's folder. */
  function runGuide(lines: string[]) {
    const script = lines.filter((line) => !MACHINE_COMMAND.test(line)).map((line) => line.replaceAll('/opt/unissons', path.join(opt, 'unissons')));
    run('sh', ['-e', '-c', script.join('\n')], upload, installEnv);
  }

  /**
   * Makes a release with the guide's tar command, from this run's build: as on a volunteer's
   * computer, the files belong to an ordinary user. `name` is written into build/release.
   */
  function makeRelease(name: string) {
    const stage = path.join(temp, `stage-${name}`);
    fs.cpSync(buildDir, path.join(stage, 'build'), { recursive: true });
    fs.cpSync('deploy', path.join(stage, 'deploy'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(file, path.join(stage, file));
    fs.writeFileSync(path.join(stage, 'build', 'release'), name);
    if (process.getuid?.() === 0) run('chown', ['-R', '1000:1000', stage], temp);
    const tar = guideBlocks(1)
      .flat()
      .filter((line) => line.startsWith('tar '));
    expect(tar, 'section 1 gives one tar command').toHaveLength(1);
    fs.mkdirSync(upload, { recursive: true });
    run('sh', ['-e', '-c', `${tar[0]} && mv unissons.tar.gz ${JSON.stringify(tarball)}`], stage);
    fs.rmSync(stage, { recursive: true, force: true });
  }

  it('bundles only packages that are production dependencies', () => {
    for (const file of ['node/main.js', 'node/pglite-thread.mjs', 'node/smtp-thread.mjs', 'node/backup.js', 'node/restore.js', 'node/rotate-secrets.js', 'node/import-firebase.js', 'node/reset-two-factor.js']) {
      const externals = externalPackages(path.join(buildDir, file));
      expect(externals.length, file).toBeGreaterThan(0);
      const missing = externals.filter((name) => !(name in packageJson.dependencies));
      expect(missing, `${file} imports these at run time: move them to "dependencies"`).toEqual([]);
    }
  });

  // One test in steps, not three that lean on each other: the backup and the upgrades need the
  // installed release, and installing it again for each would double the test's minutes.
  it('installs the release with the guide’s commands, serves it, backs it up and restores it, then upgrades twice and goes back', { timeout: 1_200_000 }, async () => {
    await step('the release, made with the guide’s tar, is root’s and installs with `npm ci --omit=dev`', () => {
      makeRelease('1');
      // Every file root's, whoever built it: unpacked by root, the code stays root's.
      const owners = new Set(
        run('tar', ['--numeric-owner', '-tvzf', tarball], temp)
          .trim()
          .split('\n')
          .map((entry) => entry.split(/\s+/)[1]),
      );
      expect([...owners]).toEqual(['0/0']);

      const install = guideBlocks(2).find((lines) => lines.some((line) => line.startsWith('tar -xzf')));
      expect(install, 'section 2 unpacks the release').toBeDefined();
      runGuide(install!);
      if (process.getuid?.() === 0) expect(fs.statSync(path.join(app, 'build', 'node', 'main.js')).uid).toBe(0);
      // Not typescript, react nor react-router: npm installs them as peers of @react-router/node,
      // which React Router's build wants among the dependencies. The widget is in the build.
      for (const name of ['vitest', 'eslint', 'esbuild', '@react-router/dev', 'altcha']) {
        expect(fs.existsSync(path.join(app, 'node_modules', name)), `${name} is a dev dependency`).toBe(false);
      }
    });

    await step('the installed server applies every migration, serves the API and the pages, and stops within 15 s', async () => {
      const server = await startInstalled(path.join(data, 'first'));
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      // What the guide tells the operator to look for after an upgrade.
      const applied = server.log().filter((entry) => entry.msg === 'migration applied');
      expect(applied.map((entry) => entry.migration)).toEqual(Object.keys(migrations));
      // Built and served with the same public settings: nothing to warn about.
      expect(fs.existsSync(path.join(app, 'build', 'public-config.json'))).toBe(true);
      expect(server.log().filter((entry) => entry.level >= 40)).toEqual([]);

      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      const html = await home.text();
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('Ensemble, Unissons le sport !');
      // systemd's TimeoutStopSec is 15 s: the site must be gone, cleanly, before that.
      expect(await server.stop()).toBe(0);
    });

    await step("a backup through the running server restores into a new folder, with the release's own commands, and the Firebase site moves in", async () => {
      const dataDir = path.join(data, 'backed-up');
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

      const restoredDir = path.join(data, 'restored');
      const restore = runInstalled(['build/node/restore.js', written!], { DATA_DIR: restoredDir });
      expect(restore.stdout).toContain('restaurée dans');
      // The guide's rotation of the signing secrets, run from the release on a stopped site.
      expect(runInstalled(['build/node/rotate-secrets.js'], { DATA_DIR: restoredDir }).stdout).toContain('Secrets renouvelés');
      // The move from the Firebase site, from the release, on the stopped site: Firebase's published example member.
      const firebase = await writeExport(path.join(temp, 'firebase-export'), [{ localId: 'uid-published', email: 'user1@exemple.fr', passwordHash: PUBLISHED_USER.hash, salt: PUBLISHED_USER.salt }], 'firestore-export-import', {
        users: { 'uid-published': { username: 'user1', firstname: 'Un', lastname: 'Exemple' } },
      });
      const imported = runInstalled(['build/node/import-firebase.js', '--auth', firebase.auth, '--hash-config', firebase.hashConfig, '--firestore', firebase.firestore], { DATA_DIR: restoredDir });
      expect(imported.stdout).toContain('- Comptes : lus 1 · importés 1 · déjà là 0 · écartés 0');
      // The only admin lost their phone: the operator's command, from the release, on the stopped site.
      expect(runInstalled(['build/node/reset-two-factor.js', 'user1@exemple.fr'], { DATA_DIR: restoredDir }).stdout).toContain(
        'Validation en deux étapes réinitialisée pour user1@exemple.fr',
      );
      const restored = await startInstalled(restoredDir);
      try {
        for (const credentials of [member, { email: 'user1@exemple.fr', password: PUBLISHED_USER.password }]) {
          const login = await fetch(`${restored.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(credentials),
          });
          expect(login.status, credentials.email).toBe(200);
        }
      } finally {
        expect(await restored.stop()).toBe(0);
      }
    });

    await step('two instances of the installed release start at once on an empty PostgreSQL database, and one admin account is made', async () => {
      const name = `unissons_release_${process.pid}_${Date.now()}`;
      await adminQuery(POSTGRES, `CREATE DATABASE ${name}`);
      const url = new URL(POSTGRES);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      try {
        const settings = { DATABASE_URL: databaseUrl, ADMIN_EMAIL: 'admin@unissons.test', ADMIN_PASSWORD: 'Release-Admin-25!' };
        const started = await Promise.allSettled([startInstalled(path.join(data, 'pg-a'), settings), startInstalled(path.join(data, 'pg-b'), settings)]);
        const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        try {
          for (const result of started) if (result.status === 'rejected') throw result.reason;
          for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
          const database = await openDatabase({ databaseUrl });
          try {
            expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'admin@unissons.test' }]);
          } finally {
            await database.close();
          }
        } finally {
          for (const server of servers) expect(await server.stop()).toBe(0);
        }
      } finally {
        await adminQuery(POSTGRES, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    });

    await step('two upgrades with the guide’s commands keep the release before beside the current one, and going back brings it back', async () => {
      const dataDir = path.join(data, 'first');
      const releaseIn = (folder: string) => fs.readFileSync(path.join(opt, folder, 'build', 'release'), 'utf8');
      const [unpack, swap, goBack, ...more] = guideBlocks(4);
      expect(more, 'section 4 has the three blocks this test runs').toEqual([]);
      // The packages are installed once, by section 2's command (the first step): an upgrade
      // runs the same `npm ci` on the same package-lock.json, so here the new release gets a
      // copy (hard links) of the installed one's node_modules instead of two more installs.
      const installLine = /^cd (\S+) && (npm ci --omit=dev .*)$/;
      const installs = unpack.filter((line) => installLine.test(line));
      expect(installs, 'section 4 installs the new release with one npm ci').toHaveLength(1);
      const sectionTwoInstall = guideBlocks(2)
        .flat()
        .map((line) => installLine.exec(line)?.[2])
        .find(Boolean);
      expect(installLine.exec(installs[0])![2], 'the upgrade installs as section 2 does').toBe(sectionTwoInstall);
      const unpackWithInstalledPackages = unpack.map((line) => line.replace(installLine, (_, folder: string) => `cp -al /opt/unissons/node_modules ${folder}/node_modules`));
      for (const release of ['2', '3']) {
        makeRelease(release);
        runGuide([...unpackWithInstalledPackages, ...swap]);
        expect(releaseIn('unissons')).toBe(release);
        const upgraded = await startInstalled(dataDir);
        expect(upgraded.log().map((entry) => entry.msg)).toContain('no migration to apply');
        expect(await upgraded.stop()).toBe(0);
      }
      // Upgraded twice: the one before is release 2, and nothing is nested inside it.
      expect(fs.readdirSync(opt).sort()).toEqual(['unissons', 'unissons-old']);
      expect(releaseIn('unissons-old')).toBe('2');
      expect(fs.existsSync(path.join(opt, 'unissons-old', 'unissons'))).toBe(false);

      runGuide(goBack);
      expect(releaseIn('unissons')).toBe('2');
      // An environment file edited since the build: the log names the setting and both values.
      const back = await startInstalled(dataDir, { CONTACT_EMAIL: 'bonjour@unissons.example.org' });
      expect((await fetch(`${back.url}/api/health`)).status).toBe(200);
      expect(back.log()).toContainEqual(
        expect.objectContaining({ level: 40, setting: 'CONTACT_EMAIL', pages: 'contact@example.org', server: 'bonjour@unissons.example.org' }),
      );
      expect(await back.stop()).toBe(0);
    });
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

  /**
   * The installed server, started as the systemd unit starts it, on port 0: the system gives it
   * a port no other test holds, read from its "Server listening at" line. It logs at info and
   * its log is kept for the test to read (`log()`); warnings and errors are shown.
   */
  async function startInstalled(dataDir: string, settings: Record<string, string> = {}) {
    const server = spawn(process.execPath, [...UNIT_FLAGS, 'build/node/main.js'], {
      cwd: app,
      env: installedEnv({ ...settings, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const entries: { level: number; msg: string; migration?: string }[] = [];
    let url: string | undefined;
    readline.createInterface({ input: server.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return void process.stdout.write(`${line}\n`);
      const entry = JSON.parse(line) as (typeof entries)[number];
      entries.push(entry);
      url ??= /^Server listening at (http:\/\/\S+)$/.exec(entry.msg)?.[1];
      if (entry.level >= 40) process.stdout.write(`${line}\n`);
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      await waitForHealth(() => url, () => server.exitCode);
    } catch (error) {
      server.kill('SIGKILL');
      throw error;
    }
    return {
      url: url!,
      /** The log's entries so far (pino's JSON lines). */
      log: () => entries,
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

/** One step of a long test: its name heads any failure inside it. */
async function step(name: string, body: () => unknown) {
  try {
    await body();
  } catch (error) {
    if (error instanceof Error) error.message = `${name}: ${error.message}`;
    throw error;
  }
}

async function waitForHealth(url: () => string | undefined, exitCode: () => number | null) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode() !== null) throw new Error(`the installed server exited with code ${exitCode()}`);
    try {
      if (url() && (await fetch(`${url()}/api/health`)).ok) return;
    } catch {
      // listening, not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the installed server did not become healthy within 60 s');
}
