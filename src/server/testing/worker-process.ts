/**
 * One sending worker in its own process, for the restart test to kill with SIGKILL in the
 * middle of a sending, as a crash or a redeploy would. Never imported by the app.
 */
import { defaultPublicConfig } from '../../shared/public-config';
import { openDatabase } from '../platform/db/connection';
import { createMailer } from '../platform/mail/mailer';
import { NewsletterWorker } from '../capabilities/newsletter/worker';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, from: 'Unissons <no-reply@exemple.fr>', dataDir: '/nonexistent' });
new NewsletterWorker({ db: database.db, mailer, site: defaultPublicConfig, settings: JSON.parse(process.env.WORKER_SETTINGS ?? '{}') }).start();
