import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import nodemailer from 'nodemailer';
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
  if (smtpUrl) return smtpThread({ smtpUrl, maxConnections, dkim, from });

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
      // Written under another name and renamed once whole: a full disk leaves no truncated
      // .eml that reads as a mail, and the partial file goes at once, giving its room back.
      const partial = `${file}.partial`;
      try {
        const handle = await fs.open(partial, 'wx', 0o600);
        try {
          await handle.chmod(0o600);
          await handle.writeFile(info.message as Buffer);
        } finally {
          await handle.close();
        }
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      // Never the recipient: logs are kept longer and read by more people than the outbox.
      logger?.info({ subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

const SMTP_THREAD = new URL('./smtp-thread.mjs', import.meta.url);

/**
 * Real mail, through nodemailer's SMTP pool on a thread of its own (smtp-thread.mjs), started
 * with the first message. The thread keeps the process alive only while a message waits for
 * the server; a thread that dies fails what it held (a failure that may have been delivered,
 * so a newsletter does not send it again) and the next message starts another.
 */
function smtpThread({ smtpUrl, maxConnections, dkim, from }: { smtpUrl: string; maxConnections: number; dkim: DkimConfig | undefined; from: string }): Mailer {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  const settle = (id: number, error?: Record<string, unknown>) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker?.unref();
    if (error) waiting?.reject(Object.assign(new Error(String(error.message)), error));
    else waiting?.resolve();
  };

  const start = () => {
    const started = new Worker(SMTP_THREAD, { workerData: { smtpUrl, maxConnections, dkim }, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    started.on('message', ({ id, error }: { id: number; error?: Record<string, unknown> }) => settle(id, error));
    const lost = (reason: Error) => {
      // A thread closed while another took over: what waits belongs to the new one.
      if (worker && worker !== started) return;
      worker = undefined;
      for (const id of [...pending.keys()]) settle(id, { message: `SMTP thread lost: ${reason.message}` });
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`exited (${code})`)));
    return started;
  };

  return {
    send(mail) {
      worker ??= start();
      worker.ref();
      const id = nextId++;
      const sent = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, mail: { from, ...mail } });
      return sent;
    },
    close() {
      worker?.postMessage({ type: 'close' });
      worker?.unref();
      worker = undefined;
    },
  };
}
