import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  recipients: string[];
  parsed: Email;
  raw: string;
}

/** A real SMTP server that keeps every message it is sent, for tests to read. */
export class Mailbox {
  readonly messages: CapturedMail[] = [];
  private waiters: (() => void)[] = [];

  private server!: SMTPServer;
  port = 0;
  /** While true, the server refuses every mail as one that is out of service does (421). */
  refusing = false;

  static async start(): Promise<Mailbox> {
    const mailbox = new Mailbox();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (!mailbox.refusing) return callback();
        callback(Object.assign(new Error('Service temporairement indisponible'), { responseCode: 421 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = await PostalMime.parse(raw);
          mailbox.messages.push({ parsed, raw, recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()) });
          for (const wake of mailbox.waiters.splice(0)) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP capture did not bind');
    mailbox.server = server;
    mailbox.port = address.port;
    return mailbox;
  }

  /** Resolves with the first message to `address` that matches, waiting up to `timeoutMs`. */
  async waitFor(address: string, match: (mail: CapturedMail) => boolean = () => true, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((mail) => mail.recipients.includes(address.toLowerCase()) && match(mail));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
