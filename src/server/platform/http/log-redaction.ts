import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import ipaddr from 'ipaddr.js';
import { VERIFY_EMAIL_PAGE } from '../../../shared/accounts';

/** Where log lines go; tests pass a stream to read them. */
interface LogDestination {
  write(line: string): void;
}

export type LoggerSetting = boolean | { level: string; stream?: LogDestination };

const EMAIL_PLACEHOLDER = '[e-mail]';
const TOKEN_PLACEHOLDER = '[lien]';

// '@' plain or percent-encoded (a browser sends /allowlist/lea%40exemple.fr).
const HOLDS_EMAIL = /@|%40/;

/**
 * The URL as the logs keep it: without its query string (`?email=…` and whatever else a
 * form puts there), and with every path segment that holds an e-mail address replaced
 * (`/api/admin/…/allowlist/:email`). Addresses are personal data that logs keep too long.
 * A verification link's token is a secret: the page's path keeps only its prefix.
 */
export function redactUrl(url: string): string {
  const path = url.split('?', 1)[0];
  if (path.startsWith(`${VERIFY_EMAIL_PAGE}/`)) return `${VERIFY_EMAIL_PAGE}/${TOKEN_PLACEHOLDER}`;
  return path
    .split('/')
    .map((segment) => (HOLDS_EMAIL.test(segment) ? EMAIL_PLACEHOLDER : segment))
    .join('/');
}

/**
 * The client's network rather than its address, which is personal data: an IPv4 address
 * without its last byte (/24), an IPv6 one without its last 80 bits (/48, a site's prefix).
 * Enough to tell a flood from one country or provider from another's, not to find a person.
 */
export function remoteNetwork(ip: string): string | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  const address = ipaddr.process(ip);
  const prefix = address.kind() === 'ipv4' ? 24 : 48;
  const bytes = address.toByteArray().map((byte, index) => (index * 8 < prefix ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}

/** Fastify's own request fields in its 'incoming request' and error lines, the URL and the address redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteNetwork: remoteNetwork(request.ip),
  };
}

// pino's level of 'error'; 'fatal' is above it.
const ERROR_LEVEL = 50;

/**
 * Fastify's `logger` option for the app's setting: its lines never carry a URL's e-mail
 * address nor a client's whole IP address, and each error line is counted in `errors` (the
 * health panel's figure).
 */
export function loggerOptions(setting: LoggerSetting, errors?: { add(): void }): FastifyServerOptions['logger'] {
  if (!setting) return false;
  return {
    ...(setting === true ? {} : setting),
    serializers: { req: serializeRequest },
    hooks: {
      logMethod(args, method, level) {
        if (level >= ERROR_LEVEL) errors?.add();
        method.apply(this, args);
      },
    },
  };
}
