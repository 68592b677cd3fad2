// The yardstick of the newsletter benchmark, in its own process as the site's server is:
// nodemailer's SMTP pool with the site's settings (src/server/platform/mail/mailer.ts), fed as fast as
// it takes messages, with nothing else around it. Stops after `limitMs`.
// Arguments: smtp port, message count, letter (JSON file: subject, html, text, headers, as
// the site sent it), pool connections, time limit.
import fs from 'node:fs';
import nodemailer from 'nodemailer';

const [port, countArg, letterFile, connectionsArg, limitArg] = process.argv.slice(2);
const letter = JSON.parse(fs.readFileSync(letterFile, 'utf8'));
const count = Number(countArg);
const connections = Number(connectionsArg);
const deadline = Date.now() + Number(limitArg);
const transport = nodemailer.createTransport({
  url: `smtp://127.0.0.1:${port}`,
  pool: true,
  maxConnections: connections,
  maxMessages: 500,
});

// Enough in flight to keep every pooled connection busy, without queueing 10,000 promises.
const IN_FLIGHT = connections * 4;
let next = 0;
let sent = 0;
let failed = 0;
const start = process.hrtime.bigint();
const cpuBefore = process.cpuUsage();
const lane = async () => {
  for (let i = next++; i < count && Date.now() < deadline; i = next++) {
    try {
      await transport.sendMail({ from: 'Unissons <no-reply@bench.test>', to: `abonne${i + 1}@bench.test`, ...letter });
      sent += 1;
    } catch {
      failed += 1;
    }
  }
};
await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
const { user, system } = process.cpuUsage(cpuBefore);
transport.close();
process.send({ type: 'done', sent, failed, cpuMs: (user + system) / 1000, start: String(start), end: String(process.hrtime.bigint()) });
process.disconnect();
