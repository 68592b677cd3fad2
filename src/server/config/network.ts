import { isIP } from 'node:net';
import { ConfigError, credentialUrl, type Env } from '../../shared/environment';

/** Only beside DATABASE_URL: the embedded database has no connection to give. */
export function databaseListenUrl(env: Env): string | undefined {
  const listenUrl = credentialUrl(env, 'DATABASE_LISTEN_URL', ['postgres:', 'postgresql:']);
  if (listenUrl && !env.DATABASE_URL?.trim()) {
    throw new ConfigError('DATABASE_LISTEN_URL demande DATABASE_URL : elle donne une connexion directe à la même base PostgreSQL');
  }
  return listenUrl;
}

/** Names Fastify's proxy-addr knows for the usual private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the number of proxies in front of the server, or their addresses. `true` is
 * refused rather than read as one hop: it used to trust every X-Forwarded-For entry, the
 * client's own included, and guessing the count for the operator could get it wrong the
 * other way (all visitors sharing the proxy's address, and so one rate-limit budget).
 */
export function trustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === '0' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (raw === 'true' || !entries.every(isAddressOrRange)) {
    throw new ConfigError(
      `TRUST_PROXY doit être le nombre de proxys devant le serveur (1 pour un Caddy ou un nginx) ou leurs adresses (par exemple 127.0.0.1,10.0.0.0/8), reçu "${raw}"`,
    );
  }
  return entries;
}
