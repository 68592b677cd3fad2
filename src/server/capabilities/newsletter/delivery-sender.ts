import type { Kysely } from 'kysely';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import type { Mailer, OutgoingMail } from '../../platform/mail/mailer';
import { isRecipientRefused } from '../../platform/mail/undeliverable';
import { markFailed, putBack, type ClaimedDelivery, type Outcome } from './deliveries';
import { newsletterMail, prepareLetter, type PreparedLetter } from './mail';
import type { MailPathPause } from './mail-path-pause';
import { describeSendError, isMailPathDown, mayHaveBeenDelivered, SendTimeout } from './send-failure';
import type { SentRecorder } from './sent-recorder';
import { unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';
import type { WorkerSettings } from './worker-settings';

/** A send still unanswered stopGraceMs after stop(): as uncertain as a timed-out one. */
class GivenUpAtShutdown extends SendTimeout {
  constructor(graceMs: number) {
    super(graceMs);
    this.message = `no reply from the SMTP server within ${graceMs} ms of the shutdown`;
  }
}

interface DeliverySenderOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  site: PublicConfig;
  settings: Pick<WorkerSettings, 'maxAttempts' | 'retryDelayMs' | 'sendTimeoutMs' | 'stopGraceMs'>;
  /** The worker's pause while the mail path is down, which a send's outcome lengthens or ends. */
  pause: MailPathPause;
  /** Where accepted messages wait to be recorded as sent, in groups. */
  sent: SentRecorder;
  /** Called after a failure is recorded. */
  onFailed: () => void;
  /** Aborted stopGraceMs after the worker's stop(): the sends still waiting for the server are given up. */
  givingUp: AbortSignal;
}

/** Writes the mail of one claimed delivery, sends it and records what came of it. */
export class DeliverySender {
  private readonly letters = new Map<string, Promise<PreparedLetter | undefined>>();

  constructor(private readonly options: DeliverySenderOptions) {}

  /** The mail of one claimed delivery, to its recipient. */
  async mail(delivery: ClaimedDelivery): Promise<OutgoingMail> {
    const { db, site } = this.options;
    const [letter, secret] = await Promise.all([this.letter(delivery.newsletterId), unsubscribeSecret(db)]);
    // Deliveries go with their newsletter (ON DELETE CASCADE), so this cannot happen.
    if (!letter) throw new Error(`newsletter ${delivery.newsletterId} not found`);
    return newsletterMail(site, letter, delivery, unsubscribeToken(secret, delivery.userId), delivery.newsletterId);
  }

  /** Sends the mail and records its outcome; throws only when that outcome could not be recorded. */
  async send(mail: OutgoingMail, outcome: Outcome) {
    const { db, settings, pause, sent, onFailed } = this.options;
    try {
      await this.sendWithTimeout(mail);
    } catch (error) {
      // Failures stay one statement each: they are rare, and each has its own error.
      const { maxAttempts, retryDelayMs } = settings;
      const uncertain = mayHaveBeenDelivered(error);
      const reason = describeSendError(error);
      if (isMailPathDown(error)) {
        await putBack(db, outcome, { error: reason, delayMs: pause.pathDown() });
        return;
      }
      // Refused for good: another try would be refused too (the mailer marked the address).
      const refused = isRecipientRefused(error);
      await markFailed(db, outcome, {
        error: uncertain ? `may have been delivered, not sent again: ${reason}` : reason,
        retry: !uncertain && !refused,
        maxAttempts,
        retryDelayMs,
      });
      onFailed();
      return;
    }
    sent.add(outcome);
    pause.pathUp();
  }

  private async sendWithTimeout(mail: OutgoingMail) {
    const { mailer, givingUp } = this.options;
    const { sendTimeoutMs, stopGraceMs } = this.options.settings;
    let timer: NodeJS.Timeout | undefined;
    let giveUp: (() => void) | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendTimeout(sendTimeoutMs)), sendTimeoutMs);
      // The same uncertainty as a timeout: recorded as failed, never sent again (decision 0012).
      giveUp = () => reject(new GivenUpAtShutdown(stopGraceMs));
      givingUp.addEventListener('abort', giveUp, { once: true });
      if (givingUp.aborted) giveUp();
    });
    try {
      await Promise.race([mailer.send(mail), timeout]);
    } finally {
      clearTimeout(timer);
      givingUp.removeEventListener('abort', giveUp!);
    }
  }

  /** Each newsletter's Markdown is converted once, not once per recipient. */
  private letter(newsletterId: string): Promise<PreparedLetter | undefined> {
    let letter = this.letters.get(newsletterId);
    if (!letter) {
      if (this.letters.size >= 10) this.letters.clear();
      letter = this.options.db
        .selectFrom('newsletters')
        .select(['title', 'description', 'letter'])
        .where('id', '=', newsletterId)
        .executeTakeFirst()
        .then((row) => (row ? prepareLetter(row) : undefined));
      letter.catch(() => this.letters.delete(newsletterId));
      this.letters.set(newsletterId, letter);
    }
    return letter;
  }
}
