import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox';
import { defaultPublicConfig } from '../../../shared/public-config';
import { renderMail } from './layout';
import { createMailer } from './mailer';

const content = renderMail(
  { title: 'Bienvenue <chez nous>', preheader: 'Un aperçu', bodyHtml: '<p>Bonjour</p>', bodyText: 'Bonjour' },
  defaultPublicConfig,
);

it('writes each mail as an .eml file in DATA_DIR/outbox when no SMTP server is set', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-outbox-'));
  const mailer = createMailer({ smtpUrl: undefined, from: 'Unissons <no-reply@localhost>', dataDir });
  await mailer.send({ to: 'lea@exemple.fr', ...content });
  const files = await fs.readdir(path.join(dataDir, 'outbox'));
  expect(files).toHaveLength(1);
  const parsed = await PostalMime.parse(await fs.readFile(path.join(dataDir, 'outbox', files[0])));
  expect(parsed.subject).toBe('Bienvenue <chez nous>');
  expect(parsed.html).toContain('Bienvenue &lt;chez nous&gt;');
  expect(parsed.text).toContain('Bonjour');
  mailer.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('keeps the outbox to the server’s own user (folder 0700, files 0600) whatever the umask, and logs no recipient', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-outbox-'));
  // An outbox left readable by an older version is closed too.
  await fs.mkdir(path.join(dataDir, 'outbox'), { mode: 0o755 });
  const logged: unknown[] = [];
  const mailer = createMailer({ smtpUrl: undefined, from: 'Unissons <no-reply@localhost>', dataDir, logger: { info: (entry: unknown) => logged.push(entry) } });
  const umask = process.umask(0o000);
  try {
    await mailer.send({ to: 'lea@exemple.fr', ...content });
  } finally {
    process.umask(umask);
  }
  const outbox = path.join(dataDir, 'outbox');
  expect((await fs.stat(outbox)).mode & 0o777).toBe(0o700);
  const [file] = await fs.readdir(outbox);
  expect((await fs.stat(path.join(outbox, file))).mode & 0o777).toBe(0o600);
  expect(logged).toHaveLength(1);
  expect(JSON.stringify(logged)).not.toContain('lea@exemple.fr');
  mailer.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('sends through the pooled SMTP transport with HTML and text parts', async () => {
  const mailbox = await Mailbox.start();
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${mailbox.port}`, from: 'Unissons <no-reply@localhost>', dataDir: '/nonexistent' });
  await Promise.all(['a', 'b', 'c'].map((name) => mailer.send({ to: `${name}@exemple.fr`, ...content })));
  const mail = await mailbox.waitFor('b@exemple.fr');
  expect(mail.parsed.html).toContain('Un aperçu');
  expect(mail.parsed.text).toContain('contact@example.org');
  expect(mailbox.messages).toHaveLength(3);
  mailer.close();
  await mailbox.stop();
});
