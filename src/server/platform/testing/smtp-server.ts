import { SMTPServer } from 'smtp-server';

export interface TestSmtpOptions {
  /** An SMTP reply code (4xx, 5xx) to refuse this recipient with, on this attempt (1, 2 …). */
  refuse?: (address: string, attempt: number) => number | undefined;
  /** How long the server takes to accept each message, so sends overlap. */
  acceptDelayMs?: number;
  /** Called with the message's number (1, 2 …) once it is received, just before accepting it. */
  onReceived?: (count: number) => void;
}

interface AcceptedMail {
  to: string;
  raw: string;
}

/**
 * A real SMTP server for the sending tests: it can refuse some recipients, and it records
 * each accepted message, every RCPT attempt and how many messages it received at once.
 */
export class TestSmtp {
  readonly accepted: AcceptedMail[] = [];
  /** Times (ms) of each RCPT TO per address, accepted or not. */
  readonly attempts = new Map<string, number[]>();
  /** While true, every mail is refused at MAIL FROM as by a server out of service (421). */
  down = false;
  /** MAIL FROM commands refused while down. */
  refusedWhileDown = 0;
  maxConcurrent = 0;
  port = 0;
  private concurrent = 0;
  private server!: SMTPServer;

  static async start(options: TestSmtpOptions = {}): Promise<TestSmtp> {
    const smtp = new TestSmtp();
    smtp.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (!smtp.down) return callback();
        smtp.refusedWhileDown += 1;
        callback(Object.assign(new Error('Service not available, closing transmission channel'), { responseCode: 421 }));
      },
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        const times = smtp.attempts.get(to) ?? [];
        times.push(Date.now());
        smtp.attempts.set(to, times);
        const code = options.refuse?.(to, times.length);
        if (!code) return callback();
        const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
        error.responseCode = code;
        callback(error);
      },
      onData(stream, session, callback) {
        smtp.concurrent += 1;
        smtp.maxConcurrent = Math.max(smtp.maxConcurrent, smtp.concurrent);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          setTimeout(() => {
            smtp.concurrent -= 1;
            options.onReceived?.(smtp.accepted.length + 1);
            const raw = Buffer.concat(chunks).toString('utf8');
            for (const rcpt of session.envelope.rcptTo) smtp.accepted.push({ to: rcpt.address.toLowerCase(), raw });
            callback();
          }, options.acceptDelayMs ?? 0);
        });
      },
    });
    // A killed client resets its connections; that is the test's point, not a failure.
    smtp.server.on('error', () => {});
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP server did not bind');
    smtp.port = address.port;
    return smtp;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many copies each address received. */
  copies(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.accepted) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
    return counts;
  }

  async waitForAccepted(count: number, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.accepted.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.accepted.length} of ${count} mails within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
