// The SMTP pool, on a thread of its own (mailer.ts): building each message (MIME, encodings,
// DKIM) costs nodemailer most of a millisecond, which on the server's thread held back every
// request and live stream while a newsletter went out, and the newsletter itself, which waited
// for the server's other work. Messages come in as { id, mail } and go back as { id } or
// { id, error } with the fields that say what the server did with them.
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

const { smtpUrl, maxConnections, dkim } = workerData;
const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections, maxMessages: 500, dkim });

// What send-failure.ts and undeliverable.ts read of a failure, and its message.
const FIELDS = ['name', 'message', 'code', 'originalCode', 'responseCode', 'command', 'response', 'timeoutType'];

parentPort.on('message', async (message) => {
  if (message.type === 'close') {
    transport.close();
    parentPort.close();
    return;
  }
  try {
    await transport.sendMail(message.mail);
    parentPort.postMessage({ id: message.id });
  } catch (caught) {
    const error = {};
    for (const field of FIELDS) if (caught?.[field] !== undefined) error[field] = caught[field];
    parentPort.postMessage({ id: message.id, error });
  }
});
