// The yardstick of the newsletter benchmark, in its own process as the site's server is:
// nodemailer's SMTP pool with the site's settings (src/server/mail/mailer.ts), fed as fast as
// it takes messages, with nothing else around it. Stops after `limitMs`.
// Arguments: smtp port, message count, message size in bytes, pool connections, time limit.
import nodemailer from 'nodemailer';

const [port, countArg, sizeArg, connectionsArg, limitArg] = process.argv.slice(2).map(Number);
const deadline = Date.now() + limitArg;
const transport = nodemailer.createTransport({
  url: `smtp://127.0.0.1:${port}`,
  pool: true,
  maxConnections: connectionsArg,
  maxMessages: 500,
});

// A letter of about the size the site sends (headers take some 800 bytes): half HTML, half text.
const paragraph = 'Bonjour, voici les nouvelles de l association et de CalShare. ';
const body = paragraph.repeat(Math.max(1, Math.ceil((sizeArg - 800) / 2 / paragraph.length)));
const html = `<!doctype html><html><body><p>${body}</p></body></html>`;

// Enough in flight to keep every pooled connection busy, without queueing 10,000 promises.
const IN_FLIGHT = connectionsArg * 4;
let next = 0;
let sent = 0;
let failed = 0;
const start = process.hrtime.bigint();
const lane = async () => {
  for (let i = next++; i < countArg && Date.now() < deadline; i = next++) {
    try {
      await transport.sendMail({ from: 'Unissons <no-reply@bench.test>', to: `abonne${i + 1}@bench.test`, subject: 'Les nouvelles du mois', html, text: body });
      sent += 1;
    } catch {
      failed += 1;
    }
  }
};
await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
transport.close();
process.send({ type: 'done', sent, failed, start: String(start), end: String(process.hrtime.bigint()) });
process.disconnect();
