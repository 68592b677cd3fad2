import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { defaultPublicConfig, type PublicConfig } from '../shared/public-config';
import { legalNoticeErrors, normalizeLegalNotice, type LegalNotice, type LegalNoticeField } from '../shared/legal-notice';
import {
  isPasswordAccepted,
  PASSWORD_MAX_LENGTH,
  PASSWORD_OKAY_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
} from '../shared/validation/password';

export interface Config {
  public: PublicConfig;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_LISTEN_URL: a direct connection to the same database, for LISTEN and the
   * migrations, when DATABASE_URL goes through a pooler in transaction mode (which holds
   * neither); undefined: DATABASE_URL serves for both.
   */
  databaseListenUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** DKIM signing of every mail the site sends (nodemailer's `dkim` option), when configured. */
  dkim: DkimConfig | undefined;
  /** Which X-Forwarded-For hops to believe (Fastify's trustProxy): none, a count, or addresses. */
  trustProxy: false | number | string[];
  /** Open /api/live streams allowed per client (clientKey) on all the instances together, and on each instance. */
  liveStreamsPerClient: number;
  liveMaxStreams: number;
  /** Sockets the server holds at most (server.maxConnections): keeps it within its file descriptors. */
  maxConnections: number;
  /** ADMIN_EMAIL's account, ensured at start-up (capabilities/accounts/admin-bootstrap.ts). */
  admin: { email: string; password: string; promoteExisting: boolean } | undefined;
  /** Where the built client lives (build/client). */
  clientDir: string;
  logLevel: string;
  /** Login, registration and forgot-password requests allowed per IP address and minute. */
  authRateLimitPerMinute: number;
  /** Reaction toggles allowed per member and minute (each one tells every open vote page). */
  reactionRateLimitPerMinute: number;
  /** Newsletter mails the whole site starts per second, whatever its instances: the SMTP provider's limit. */
  newsletterRatePerSecond: number;
  /**
   * The proof of work asked on registration, forgot password and the event report
   * (platform/anti-bot): undefined when ANTI_BOT=off, else how many attempts a browser makes
   * on average (ANTI_BOT_DIFFICULTY).
   */
  antiBot: { difficulty: number } | undefined;
  /** Embedded database's scheduled backups (platform/backup): where, how often (off: undefined), how many kept. */
  backup: { dir: string; everyMs: number | undefined; keep: number };
  /** The legal notice's facts until an admin saves them (LEGAL_*; the e-mail defaults to CONTACT_EMAIL). */
  legalNotice: LegalNotice;
  /** The bearer token /metrics asks for; without it, /metrics does not exist and nothing is measured. */
  metricsToken: string | undefined;
  /**
   * STAFF_TWO_FACTOR: `required` (the default), a staff member without a second factor reaches
   * nothing of /admin but its enrolment; `optional`, the password alone still does.
   */
  staffTwoFactor: 'required' | 'optional';
}

export class ConfigError extends Error {}

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

// `npm run bench -- anti-bot` (docs/performance.md, "Bot barrier"): a quarter of a second in
// a desktop browser, under a second with the CPU slowed four times, as on a mid-range phone.
const ANTI_BOT_DEFAULT_DIFFICULTY = 2000;
const ANTI_BOT_MAX_DIFFICULTY = 100_000;

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function url(
  env: Env,
  name: string,
  fallback: string,
  protocols: string[],
  shown: (value: string) => string = (value) => `"${value}"`,
): string {
  const value = text(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} doit être une adresse web (URL), reçu ${shown(value)}`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} doit commencer par ${protocols.join(' ou ')}, reçu ${shown(value)}`);
  }
  return value;
}

/**
 * A URL that may hold a password, as an error message may show it: its scheme, host and path
 * only. The password sits in the user-info, or in the query (libpq reads `?password=`). When
 * the value has no host, or an '@' the parser did not end the user-info with (a password with
 * a '/' in it), there is no telling where the password sits, so nothing is shown. Start-up
 * messages land in the system's journal, read by more people than the settings file.
 */
function withoutCredentials(value: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  const afterLastAt = value.slice(value.lastIndexOf('@') + 1).toLowerCase();
  if (!parsed?.host || !afterLastAt.startsWith(parsed.host))
    return 'une valeur non montrée ici (elle peut contenir un mot de passe)';
  return `"${parsed.protocol}//${parsed.host}${parsed.pathname}" (montrée sans utilisateur, mot de passe ni paramètres)`;
}

/** DATABASE_URL, SMTP_URL: optional, and never printed with their password. */
function credentialUrl(env: Env, name: string, protocols: string[]): string | undefined {
  return env[name]?.trim() ? url(env, name, '', protocols, withoutCredentials) : undefined;
}

/** Only beside DATABASE_URL: the embedded database has no connection to give. */
function databaseListenUrl(env: Env): string | undefined {
  const listenUrl = credentialUrl(env, 'DATABASE_LISTEN_URL', ['postgres:', 'postgresql:']);
  if (listenUrl && !env.DATABASE_URL?.trim()) {
    throw new ConfigError('DATABASE_LISTEN_URL demande DATABASE_URL : elle donne une connexion directe à la même base PostgreSQL');
  }
  return listenUrl;
}

function email(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new ConfigError(`${name} doit être une adresse mail, reçu "${value}"`);
  }
  return value;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} doit être un entier positif, reçu "${raw}"`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim() ?? '';
  if (['', '0', 'false'].includes(raw)) return false;
  if (['1', 'true'].includes(raw)) return true;
  throw new ConfigError(`${name} doit valoir 1 ou 0, reçu "${raw}"`);
}

/** Names Fastify's proxy-addr knows for the usual private ranges. */
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))*$/i;

/**
 * DKIM_DOMAIN, DKIM_SELECTOR and the private key (DKIM_PRIVATE_KEY, PEM with `\n` for line
 * breaks since an environment file holds one line a setting, or DKIM_PRIVATE_KEY_FILE): all
 * or none. Checked here rather than at the first mail: a key that does not parse would
 * otherwise fail every mail, and a domain other than the sender's would sign mails that
 * receivers' DMARC checks still reject.
 */
function dkim(env: Env, mailFrom: string): DkimConfig | undefined {
  const domainName = env.DKIM_DOMAIN?.trim() ?? '';
  const keySelector = env.DKIM_SELECTOR?.trim() ?? '';
  const keyText = env.DKIM_PRIVATE_KEY?.trim() ?? '';
  const keyFile = env.DKIM_PRIVATE_KEY_FILE?.trim() ?? '';
  if (!domainName && !keySelector && !keyText && !keyFile) return undefined;
  if (!domainName || !keySelector || (!keyText && !keyFile)) {
    throw new ConfigError('DKIM demande DKIM_DOMAIN, DKIM_SELECTOR et DKIM_PRIVATE_KEY (ou DKIM_PRIVATE_KEY_FILE) ensemble');
  }
  if (keyText && keyFile) throw new ConfigError('DKIM_PRIVATE_KEY ou DKIM_PRIVATE_KEY_FILE, pas les deux');
  if (!HOSTNAME.test(domainName)) throw new ConfigError(`DKIM_DOMAIN doit être un nom de domaine, reçu "${domainName}"`);
  if (!SELECTOR.test(keySelector))
    throw new ConfigError(`DKIM_SELECTOR doit être un nom DNS simple comme "mail2026", reçu "${keySelector}"`);
  const senderDomain = /@([^@>\s]+)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase() ?? '';
  const domain = domainName.toLowerCase();
  if (senderDomain !== domain && !senderDomain.endsWith(`.${domain}`)) {
    throw new ConfigError(
      `DKIM_DOMAIN (${domainName}) doit être le domaine de MAIL_FROM (${senderDomain || 'aucun'}) ou un domaine parent, sinon les contrôles DMARC des destinataires échouent`,
    );
  }
  let privateKey = keyText.replaceAll('\\n', '\n');
  if (keyFile) {
    try {
      privateKey = fs.readFileSync(keyFile, 'utf8');
    } catch (error) {
      throw new ConfigError(`DKIM_PRIVATE_KEY_FILE ne peut pas être lu : ${(error as Error).message}`);
    }
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new ConfigError("la clé privée DKIM n'est pas une clé privée PEM (RSA ou Ed25519)");
  }
  return { domainName, keySelector, privateKey };
}

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
function trustProxy(env: Env): false | number | string[] {
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

/** ANTI_BOT: on (the default) or off; ANTI_BOT_DIFFICULTY: the attempts a browser makes on average. */
function antiBot(env: Env): { difficulty: number } | undefined {
  const raw = text(env, 'ANTI_BOT', 'on');
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`ANTI_BOT doit valoir on ou off, reçu "${raw}"`);
  const difficulty = positiveInteger(env, 'ANTI_BOT_DIFFICULTY', ANTI_BOT_DEFAULT_DIFFICULTY);
  if (difficulty > ANTI_BOT_MAX_DIFFICULTY) {
    throw new ConfigError(
      `ANTI_BOT_DIFFICULTY doit valoir au plus ${ANTI_BOT_MAX_DIFFICULTY} (un téléphone abandonnerait), reçu "${difficulty}"`,
    );
  }
  return raw === 'on' ? { difficulty } : undefined;
}

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** BACKUP_EVERY: daily, hourly, off, or a duration such as 6h, 30m, 2d. */
function backupEvery(env: Env): number | undefined {
  const raw = text(env, 'BACKUP_EVERY', 'daily');
  if (raw === 'off') return undefined;
  if (raw === 'daily') return DURATION_UNITS.d;
  if (raw === 'hourly') return DURATION_UNITS.h;
  const match = /^(\d+)([mhd])$/.exec(raw);
  if (!match || Number(match[1]) < 1) {
    throw new ConfigError(`BACKUP_EVERY doit valoir daily, hourly, off ou une durée comme 6h, 30m ou 2d, reçu "${raw}"`);
  }
  return Number(match[1]) * DURATION_UNITS[match[2]];
}

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} doit être un numéro de port entre 0 et 65535, reçu "${raw}"`);
  }
  return value;
}

/** Each public setting's variable: they are baked into the pages at build time. */
export const PUBLIC_SETTINGS: Record<keyof PublicConfig, string> = {
  projectName: 'PROJECT_NAME',
  appName: 'APP_NAME',
  contactEmail: 'CONTACT_EMAIL',
  iosStoreUrl: 'IOS_STORE_URL',
  androidStoreUrl: 'ANDROID_STORE_URL',
  publicUrl: 'PUBLIC_URL',
};

export function readPublicConfig(env: Env = process.env): PublicConfig {
  const d = defaultPublicConfig;
  const s = PUBLIC_SETTINGS;
  return {
    projectName: text(env, s.projectName, d.projectName),
    appName: text(env, s.appName, d.appName),
    contactEmail: email(env, s.contactEmail, d.contactEmail),
    iosStoreUrl: url(env, s.iosStoreUrl, d.iosStoreUrl, ['https:', 'http:']),
    androidStoreUrl: url(env, s.androidStoreUrl, d.androidStoreUrl, ['https:', 'http:']),
    publicUrl: url(env, s.publicUrl, d.publicUrl, ['https:', 'http:']).replace(/\/+$/, ''),
  };
}

/**
 * Passwords printed in the project's examples: anyone can read them, so an admin account left
 * with one after a forgotten edit would be open to all.
 */
export const PUBLISHED_PASSWORDS = ['Change-Me-2025!'];

/** Each fact of the legal notice's variable, for a first start: what an admin saves wins over them. */
export const LEGAL_NOTICE_SETTINGS: Record<LegalNoticeField, string> = {
  associationName: 'LEGAL_ASSOCIATION_NAME',
  address: 'LEGAL_ADDRESS',
  phone: 'LEGAL_PHONE',
  email: 'LEGAL_EMAIL',
  director: 'LEGAL_DIRECTOR',
  hostName: 'LEGAL_HOST_NAME',
  hostAddress: 'LEGAL_HOST_ADDRESS',
  hostPhone: 'LEGAL_HOST_PHONE',
  rna: 'LEGAL_RNA',
  siret: 'LEGAL_SIRET',
  federation: 'LEGAL_FEDERATION',
};

/** The same rules as the admin's form (shared/legal-notice.ts): a bad value stops the server. */
function legalNotice(env: Env, contactEmail: string): LegalNotice {
  const raw = Object.fromEntries(Object.entries(LEGAL_NOTICE_SETTINGS).map(([field, name]) => [field, env[name] ?? '']));
  const notice = normalizeLegalNotice({ ...raw, email: env.LEGAL_EMAIL?.trim() || contactEmail });
  const [field, message] = Object.entries(legalNoticeErrors(notice))[0] ?? [];
  if (field && message) {
    // The e-mail of a notice whose LEGAL_EMAIL is unset is CONTACT_EMAIL's: name the variable to fix.
    const name = field === 'email' && !env.LEGAL_EMAIL?.trim() ? 'CONTACT_EMAIL (LEGAL_EMAIL non défini)' : LEGAL_NOTICE_SETTINGS[field as LegalNoticeField];
    throw new ConfigError(`${name} : ${message}`);
  }
  return notice;
}

// Long enough that guessing is out of reach: 'openssl rand -hex 32' gives 64.
const METRICS_TOKEN_MIN_LENGTH = 32;

function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError(
      `METRICS_TOKEN doit faire au moins ${METRICS_TOKEN_MIN_LENGTH} caractères visibles, sans espace (par exemple : openssl rand -hex 32)`,
    );
  }
  return token;
}

/** Reads and validates the whole configuration; throws ConfigError with a readable message. */
export function readConfig(env: Env = process.env): Config {
  const publicConfig = readPublicConfig(env);
  const adminEmail = env.ADMIN_EMAIL?.trim();
  const adminPassword = env.ADMIN_PASSWORD;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL et ADMIN_PASSWORD vont ensemble : les deux, ou aucun');
  }
  // The rule registration applies ('okay' or 'strong'): the admin account is the one worth guessing.
  if (adminPassword && !isPasswordAccepted(adminPassword)) {
    throw new ConfigError(
      `ADMIN_PASSWORD est trop faible : de ${PASSWORD_OKAY_LENGTH} à ${PASSWORD_MAX_LENGTH} caractères, avec une majuscule, une minuscule, un chiffre et un caractère parmi ${PASSWORD_SPECIAL_CHARACTERS}`,
    );
  }
  if (adminPassword && PUBLISHED_PASSWORDS.includes(adminPassword)) {
    throw new ConfigError(
      "ADMIN_PASSWORD est celui de l'exemple deploy/unissons.env.example, publié avec le code : choisis le tien",
    );
  }
  const liveMaxStreams = positiveInteger(env, 'LIVE_MAX_STREAMS', 2000);
  const maxConnections = positiveInteger(env, 'MAX_CONNECTIONS', 3000);
  if (maxConnections <= liveMaxStreams) {
    throw new ConfigError(
      "MAX_CONNECTIONS doit dépasser LIVE_MAX_STREAMS, sinon les flux ouverts pourraient ne laisser aucune connexion aux pages et à l'API",
    );
  }
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const mailFrom = text(env, 'MAIL_FROM', `${publicConfig.projectName} <no-reply@${new URL(publicConfig.publicUrl).hostname}>`);
  return {
    public: publicConfig,
    port: port(env, 'PORT', 3000),
    host: text(env, 'HOST', '127.0.0.1'),
    dataDir,
    databaseUrl: credentialUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseListenUrl: databaseListenUrl(env),
    smtpUrl: credentialUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    dkim: dkim(env, mailFrom),
    trustProxy: trustProxy(env),
    liveStreamsPerClient: positiveInteger(env, 'LIVE_STREAMS_PER_CLIENT', 20),
    liveMaxStreams,
    maxConnections,
    admin:
      adminEmail && adminPassword
        ? {
            email: email(env, 'ADMIN_EMAIL', adminEmail),
            password: adminPassword,
            promoteExisting: flag(env, 'ADMIN_PROMOTE_EXISTING'),
          }
        : undefined,
    clientDir: path.resolve(text(env, 'CLIENT_DIR', './build/client')),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    authRateLimitPerMinute: positiveInteger(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30),
    reactionRateLimitPerMinute: positiveInteger(env, 'REACTION_RATE_LIMIT_PER_MINUTE', 60),
    newsletterRatePerSecond: positiveInteger(env, 'NEWSLETTER_RATE_PER_SECOND', 10),
    antiBot: antiBot(env),
    backup: {
      dir: path.resolve(text(env, 'BACKUP_DIR', path.join(dataDir, 'backups'))),
      everyMs: backupEvery(env),
      keep: positiveInteger(env, 'BACKUP_KEEP', 14),
    },
    legalNotice: legalNotice(env, publicConfig.contactEmail),
    metricsToken: metricsToken(env),
    staffTwoFactor: staffTwoFactor(env),
  };
}

function staffTwoFactor(env: Env): 'required' | 'optional' {
  const raw = text(env, 'STAFF_TWO_FACTOR', 'required');
  if (raw !== 'required' && raw !== 'optional') throw new ConfigError(`STAFF_TWO_FACTOR doit valoir required ou optional, reçu "${raw}"`);
  return raw;
}
