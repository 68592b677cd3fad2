// The files under deploy/ are what an operator copies to a server (docs/deploy.md): each is
// checked by the tool that will read it, and against the others (the Caddyfile's upstream is
// where the environment file makes the site listen, DATA_DIR is the unit's state folder).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';

const CADDYFILE = path.resolve('deploy/Caddyfile');
const UNIT = path.resolve('deploy/unissons.service');
const ENV_EXAMPLE = path.resolve('deploy/unissons.env.example');

function installed(command: string, versionArgs: string[]): boolean {
  return !spawnSync(command, versionArgs).error;
}

const tools = { caddy: installed('caddy', ['version']), 'systemd-analyze': installed('systemd-analyze', ['--version']) };
const missing = Object.entries(tools)
  .filter(([, present]) => !present)
  .map(([name]) => name);
// Like the browser tests: skipped where the tools are missing, required on CI (.ci/run installs them).
if (missing.length > 0 && process.env.CI) {
  throw new Error(`${missing.join(' and ')} required on CI to check deploy/ (Debian packages caddy and systemd)`);
}
const skipReason = (tool: keyof typeof tools) => (tools[tool] ? '' : `(skipped: no ${tool}, install Debian's ${tool === 'caddy' ? 'caddy' : 'systemd'})`);

/** KEY=value lines, as systemd's EnvironmentFile= reads them (no quotes used in the example). */
function readEnvFile(file: string): Record<string, string> {
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(entries);
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'unissons-deploy-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}${result.stderr}` };
}

describe('deploy/unissons.env.example', () => {
  const env = readEnvFile(ENV_EXAMPLE);

  it('is refused as shipped, because its admin password is published with the code', () => {
    expect(() => readConfig(env)).toThrow('ADMIN_PASSWORD est celui de l\'exemple deploy/unissons.env.example, publié avec le code : choisis le tien');
  });

  it('is a configuration the site accepts once the operator chose the admin password, behind Caddy on this machine', () => {
    const config = readConfig({ ...env, ADMIN_PASSWORD: 'Mon-Propre-Secret-9' });
    expect(config.public.publicUrl).toMatch(/^https:\/\//);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toEqual(['127.0.0.1']);
  });

  it('keeps DATA_DIR in the folder the unit lets the site write to', () => {
    const stateDirectory = /^StateDirectory=(.+)$/m.exec(fs.readFileSync(UNIT, 'utf8'))?.[1];
    expect(env.DATA_DIR).toBe(`/var/lib/${stateDirectory}`);
  });
});

describe.skipIf(!tools.caddy)(`deploy/Caddyfile ${skipReason('caddy')}`, () => {
  // Caddy keeps certificates and its autosaved config under these: not the user's own.
  const caddyEnv = { ...process.env, HOME: temp, XDG_DATA_HOME: temp, XDG_CONFIG_HOME: temp };

  it('passes caddy validate', () => {
    const result = run('caddy', ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], caddyEnv);
    expect(result.status, result.output).toBe(0);
  });

  it('proxies to the site as the environment file starts it, streams /api/live unbuffered and leaves compression to the site', () => {
    const result = run('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], caddyEnv);
    expect(result.status, result.output).toBe(0);
    const json = result.stdout;
    const env = readEnvFile(ENV_EXAMPLE);
    expect(new Set([...json.matchAll(/"dial":"([^"]+)"/g)].map((match) => match[1]))).toEqual(new Set([`${env.HOST}:${env.PORT}`]));
    const live = JSON.stringify(findRoute(JSON.parse(json), '/api/live'));
    expect(live).toContain('"flush_interval":-1');
    expect(json).not.toContain('"handler":"encode"');
    expect(json).not.toContain('write_timeout');
  });
});

/** The route of Caddy's JSON config that matches `pathname`, wherever it is nested. */
function findRoute(node: unknown, pathname: string): unknown {
  if (Array.isArray(node)) return node.map((child) => findRoute(child, pathname)).find(Boolean);
  if (!node || typeof node !== 'object') return undefined;
  const { match } = node as { match?: { path?: string[] }[] };
  if (match?.some((matcher) => matcher.path?.includes(pathname))) return node;
  return findRoute(Object.values(node), pathname);
}

describe.skipIf(!tools['systemd-analyze'])(`deploy/unissons.service ${skipReason('systemd-analyze')}`, () => {
  // systemd-analyze verify checks that ExecStart's program exists: the unit names Debian's
  // /usr/bin/node, the copy checked here names the Node running this test.
  const unit = path.join(temp, 'unissons.service');
  const text = fs.readFileSync(UNIT, 'utf8');
  fs.writeFileSync(unit, text.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));

  it('passes systemd-analyze verify without a warning', () => {
    expect(text).toMatch(/^ExecStart=\/usr\/bin\/node (--\S+ )*build\/node\/main\.js$/m);
    const result = run('systemd-analyze', ['verify', unit]);
    expect(result.status, result.output).toBe(0);
    expect(result.output.split('\n').filter((line) => line.includes('unissons.service'))).toEqual([]);
  });

  it('gives Node the flags `npm start` gives it (decision 0017)', () => {
    const flags = (command: string) => command.split(' ').filter((word) => word.startsWith('--'));
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    const execStart = /^ExecStart=(.*)$/m.exec(text)?.[1] ?? '';
    expect(flags(scripts.start)).toEqual(['--max-old-space-size=1024', '--max-semi-space-size=8']);
    expect(flags(execStart)).toEqual(flags(scripts.start));
  });

  it('stays hardened: systemd rates its exposure 2.0 or less out of 10', () => {
    const result = run('systemd-analyze', ['security', '--offline=true', '--threshold=20', '--no-pager', unit]);
    expect(result.status, result.output).toBe(0);
  });

  it('gives the site longer than its own 10 s shutdown before killing it', () => {
    const seconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(text)?.[1]);
    expect(seconds).toBeGreaterThan(10);
  });
});
