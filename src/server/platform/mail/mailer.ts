import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DkimConfig } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the .eml file is written). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** Told where each outbox mail is written (never to whom). */
  logger?: Pick<FastifyBaseLogger, 'info'>;
  /** Parallel SMTP connections of the pool. */
  maxConnections?: number;
  /** Signs every message, outbox files included (so a local install shows what would be sent). */
  dkim?: DkimConfig;
}

/**
 * Real mail through a pooled SMTP transport when SMTP_URL is set; otherwise every message
 * is written as an .eml file under DATA_DIR/outbox/, so a local install can read its mail.
 */
export function createMailer({ smtpUrl, from, dataDir, logger, maxConnections = 5, dkim }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections,
      maxMessages: 500,
      dkim,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      // Mails carry temporary passwords: only the server's own user may read them. chmod,
      // because the modes given at creation lose the bits the umask removes, and an outbox
      // made by an older version keeps its modes.
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      await fs.chmod(outbox, 0o700);
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      const handle = await fs.open(file, 'wx', 0o600);
      try {
        await handle.chmod(0o600);
        await handle.writeFile(info.message as Buffer);
      } finally {
        await handle.close();
      }
      // Never the recipient: logs are kept longer and read by more people than the outbox.
      logger?.info({ subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
