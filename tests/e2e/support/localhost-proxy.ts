import net from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectBrowser } from './browser';
import { startSite, type Site } from './site';

/**
 * A TCP relay reached as http://localhost:PORT, for what browsers allow only on a host name:
 * passkeys (WebAuthn refuses an IP address as relying party, and the site listens on
 * 127.0.0.1 at a port known only once it started). Its address is known before the site
 * starts, so it can be the site's PUBLIC_URL, as a reverse proxy's would be.
 */
export async function localhostProxy() {
  let target: string | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const { port, hostname } = new URL(target!);
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  // Every address of the machine, IPv6 with IPv4, since the browser may take either for localhost.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    /** Where the relay sends what it receives: the site's own address. */
    relayTo(url: string) {
      target = url;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The site and browser of a spec file, the site reached at http://localhost through the relay
 * (its PUBLIC_URL): read `suite.url` for pages, `suite.site` for its mailbox.
 */
export function siteOnLocalhost(env: Record<string, string> = {}) {
  const suite = {} as { site: Site; browser: Browser; url: string; closeProxy(): Promise<void> };
  beforeAll(async () => {
    const proxy = await localhostProxy();
    [suite.site, suite.browser] = await Promise.all([startSite({ ...env, PUBLIC_URL: proxy.url }), connectBrowser()]);
    proxy.relayTo(suite.site.url);
    Object.assign(suite, { url: proxy.url, closeProxy: proxy.close });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.closeProxy?.();
    await suite.site?.stop();
  });
  return suite;
}
