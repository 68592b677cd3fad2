// The site behind deploy/Caddyfile, as docs/deploy.md sets it up, with a certificate from
// Caddy's own local authority (`tls internal`) instead of Let's Encrypt.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from './accounts-support';
import { connectBrowser, openPage } from './support/browser';
import { ADMIN, freePort, startSite, type Site } from './support/site';

const caddyInstalled = !spawnSync('caddy', ['version']).error;
// Like Chromium (support/global-setup.ts): skipped where missing, required on CI (.ci/run installs it).
if (!caddyInstalled && process.env.CI) throw new Error("Caddy is required on CI for the deployment test (Debian's caddy package)");
const skipReason = inject('browserSkipReason') || (caddyInstalled ? '' : 'no caddy found (install Debian’s caddy)');
const AUTH_LIMIT = 8;

/**
 * deploy/Caddyfile for this machine: its own ports and certificate authority, no admin
 * endpoint, nothing written outside `dir`, and the site where startSite put it.
 */
function testCaddyfile(dir: string, ports: { http: number; https: number; site: number }): string {
  const replacements: [string | RegExp, string][] = [
    [
      /^\{$/m,
      [
        '{',
        '\tadmin off',
        '\tlocal_certs',
        '\tskip_install_trust',
        `\tstorage file_system ${path.join(dir, 'storage')}`,
        `\thttp_port ${ports.http}`,
        `\thttps_port ${ports.https}`,
      ].join('\n'),
    ],
    ['unissons.example.org {', 'localhost {\n\ttls internal'],
    [/127\.0\.0\.1:3000/g, `127.0.0.1:${ports.site}`],
  ];
  let text = fs.readFileSync('deploy/Caddyfile', 'utf8');
  for (const [pattern, replacement] of replacements) {
    const next = text.replace(pattern, replacement);
    if (next === text) throw new Error(`deploy/Caddyfile changed shape: ${String(pattern)} not found`);
    text = next;
  }
  return text;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to Caddy from `localAddress` (the two loopback addresses are two clients). */
function request(
  port: number,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; firstChunk?: boolean },
): Promise<Answer> {
  const host = options.localAddress === '::1' ? '::1' : '127.0.0.1';
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host,
        port,
        path: options.path,
        method: options.method ?? 'GET',
        servername: 'localhost',
        rejectUnauthorized: false,
        headers: { host: `localhost:${port}`, ...options.headers },
        localAddress: options.localAddress,
        timeout: 10_000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          // A stream never ends: its first chunk is the answer.
          if (options.firstChunk) {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
            outgoing.destroy();
          }
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${options.path}: no answer within 10 s`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

async function startCaddy(dir: string, caddyfile: string, httpsPort: number): Promise<ChildProcess> {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyfile);
  let log = '';
  // HOME and XDG folders in `dir`: Caddy writes its autosaved config and certificates there.
  const caddy = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  caddy.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited with code ${caddy.exitCode}:\n${log}`);
    if (log.includes('"logger":"tls.obtain","msg":"will retry"')) {
      caddy.kill('SIGKILL');
      throw new Error(`caddy could not issue its certificate:\n${log}`);
    }
    try {
      if ((await request(httpsPort, { path: '/api/health' })).status === 200) return caddy;
    } catch {
      // not listening yet, or its certificate not issued yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  caddy.kill('SIGKILL');
  throw new Error(`caddy did not serve the site within 30 s:\n${log}`);
}

describe.skipIf(Boolean(skipReason))(`behind Caddy with HTTPS ${skipReason}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unissons-caddy-'));
  let site: Site;
  let caddy: ChildProcess;
  let browser: Browser;
  let httpsPort: number;

  beforeAll(async () => {
    browser = await connectBrowser();
    // Caddy's ports are free when asked for, not when Caddy binds them: another test may take
    // one in between, and then the site (whose address names the port) and Caddy start again.
    for (let attempt = 1; ; attempt++) {
      httpsPort = await freePort();
      const httpPort = await freePort();
      // The environment file's settings (deploy/unissons.env.example), for this address.
      site = await startSite({ PUBLIC_URL: `https://localhost:${httpsPort}`, TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT) });
      const caddyfile = testCaddyfile(dir, { http: httpPort, https: httpsPort, site: Number(new URL(site.url).port) });
      try {
        caddy = await startCaddy(dir, caddyfile, httpsPort);
        break;
      } catch (error) {
        await site.stop();
        // Caddy's storage cleaning at its start can race its first certificate (it deletes the
        // key being written, then waits a minute to try again): a new start issues it anew.
        const startAgain = /address already in use|"logger":"tls\.obtain","msg":"will retry"/;
        if (attempt === 3 || !startAgain.test(String(error))) throw error;
      }
    }
  });

  afterAll(async () => {
    if (caddy) {
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    }
    await browser?.close();
    await site?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('signs in with a Secure __Host- session cookie, over HSTS', async () => {
    const { page, context } = await openPage(browser, `https://localhost:${httpsPort}`, 'desktop', { context: { ignoreHTTPSErrors: true } });
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    expect(home?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    await signIn(page, ADMIN.email, ADMIN.password);
    const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('unissons_session'));
    expect(session).toMatchObject({ name: '__Host-unissons_session', secure: true, httpOnly: true, path: '/' });
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email);
    await context.close();
  });

  it('streams live updates through Caddy without holding them back', async () => {
    // Not timed: a proxy holding the stream back passes none of it (a few bytes, then 8 every 20 s), and request() fails after 10 s without a byte.
    const stream = await request(httpsPort, { path: '/api/live?topics=words', firstChunk: true });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.body).toContain(': connected');
  });

  it('counts a client once, whatever X-Forwarded-For it sends, and other clients apart', async () => {
    const login = (index: number, localAddress: string) =>
      request(httpsPort, {
        path: '/api/auth/login',
        method: 'POST',
        localAddress,
        // A new spoofed address each time: if the site believed it, each would get a fresh budget.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index}` },
        body: JSON.stringify({ email: `personne${index}@exemple.fr`, password: 'Mauvais-Mot-2025!' }),
      });
    const statuses: number[] = [];
    for (let index = 1; index <= AUTH_LIMIT + 1; index += 1) statuses.push((await login(index, '127.0.0.1')).status);
    // The browser's sign-in above may have used part of this address's budget.
    expect(statuses.at(-1), statuses.join(' ')).toBe(429);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(AUTH_LIMIT);

    // The other loopback address is another visitor to Caddy: its own budget, not Caddy's.
    expect((await login(100, '::1')).status).toBe(404);
  });
});
