import path from 'node:path';
import { ConfigError, credentialUrl, email, flag, port, positiveInteger, text, type Env } from '../shared/environment';
import type { LegalNotice } from '../shared/legal-notice';
import { readPublicConfig, type PublicConfig } from '../shared/public-config';
import {
  isPasswordAccepted,
  PASSWORD_MAX_LENGTH,
  PASSWORD_OKAY_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
} from '../shared/validation/password';
import { backupEvery } from './config/backup';
import { dkim, type DkimConfig } from './config/dkim';
import { antiBot, metricsToken, staffTwoFactor } from './config/guards';
import { databaseListenUrl, trustProxy } from './config/network';
import { legalNotice } from './config/published';

export { ConfigError } from '../shared/environment';
export type { DkimConfig } from './config/dkim';

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
   * How long a newsletter worker's claim on its mails holds (NEWSLETTER_LEASE_SECONDS): once
   * it runs out, another instance sends the mails of one that died.
   */
  newsletterLeaseMs: number;
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

/**
 * Passwords printed in the project's examples: anyone can read them, so an admin account left
 * with one after a forgotten edit would be open to all.
 */
export const PUBLISHED_PASSWORDS = ['Change-Me-2025!'];

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
    newsletterLeaseMs: positiveInteger(env, 'NEWSLETTER_LEASE_SECONDS', 120) * 1000,
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
