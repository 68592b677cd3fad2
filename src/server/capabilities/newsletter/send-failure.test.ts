import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createMailer } from '../../platform/mail/mailer';
import { mayHaveBeenDelivered, SendTimeout } from './send-failure';
import { TestSmtp } from '../../platform/testing/smtp-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The error nodemailer's pool rejects with when sending one message to `url`. */
async function sendError(url: string): Promise<unknown> {
  const mailer = createMailer({ smtpUrl: url, from: 'no-reply@exemple.fr', dataDir: '/nonexistent' });
  cleanups.push(() => mailer.close());
  return mailer.send({ to: 'lea@exemple.fr', subject: 'Bonjour', html: '<p>Bonjour</p>', text: 'Bonjour' }).then(
    () => expect.unreachable('the message was accepted'),
    (error: unknown) => error,
  );
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A bare SMTP server that takes the whole message, then drops the connection instead of replying. */
async function droppingAfterData(): Promise<string> {
  const server = net.createServer((socket) => {
    socket.write('220 test\r\n');
    let inData = false;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') socket.destroy();
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `smtp://127.0.0.1:${await listen(server)}`;
}

it('retries what the server refused or never saw', async () => {
  const refusing = await TestSmtp.start({ refuse: () => 451 });
  cleanups.push(() => refusing.stop());
  expect(mayHaveBeenDelivered(await sendError(refusing.url))).toBe(false);

  // A port nobody listens on: the connection is refused before any session.
  const closed = net.createServer();
  const port = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  expect(mayHaveBeenDelivered(await sendError(`smtp://127.0.0.1:${port}`))).toBe(false);
});

it('does not retry what the server may have taken', async () => {
  expect(mayHaveBeenDelivered(await sendError(await droppingAfterData()))).toBe(true);
  expect(mayHaveBeenDelivered(new SendTimeout(30_000))).toBe(true);
  expect(mayHaveBeenDelivered(new Error('something unexpected'))).toBe(true);
});
