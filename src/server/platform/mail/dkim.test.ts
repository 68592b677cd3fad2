import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerMember } from '../testing/members';
import { ConfigError, readConfig } from '../../config';
import { proofOfWork } from '../testing/proof-of-work';

const DOMAIN = 'unissons.exemple.fr';
const SELECTOR = 'mail2026';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
/** The TXT record an operator publishes at mail2026._domainkey.unissons.exemple.fr. */
const RECORD = `v=DKIM1; k=rsa; p=${(publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64')}`;

/** A DNS that knows the one record, as a receiver's would. */
async function resolver(name: string, type: string) {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[RECORD]];
  throw Object.assign(new Error(`${name} not found`), { code: 'ENOTFOUND' });
}

const DKIM_ENV = {
  MAIL_FROM: `Unissons <no-reply@${DOMAIN}>`,
  DKIM_DOMAIN: DOMAIN,
  DKIM_SELECTOR: SELECTOR,
  // One line, as an environment file holds it.
  DKIM_PRIVATE_KEY: PEM.trim().replaceAll('\n', '\\n'),
};

describe('mail signed with DKIM', () => {
  const test = setUpTestApp(DKIM_ENV);

  it("carries a signature of the sender's domain that a receiver's check passes", async () => {
    const member = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: member.email, ...(await proofOfWork(test.app)) } });
    const mail = await test.mailbox.waitFor(member.email, (message) => /mot de passe/i.test(message.parsed.subject ?? ''));
    const { results } = await dkimVerify(Buffer.from(mail.raw), { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ signingDomain: DOMAIN, selector: SELECTOR, status: { result: 'pass' } });
  });

  it('fails the check once the message is altered on the way', async () => {
    const member = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/fn/users-forgotPassword', payload: { userMail: member.email, ...(await proofOfWork(test.app)) } });
    const mail = await test.mailbox.waitFor(member.email, (message) => /mot de passe/i.test(message.parsed.subject ?? ''));
    const altered = mail.raw.replace(/^Subject: .*$/m, 'Subject: Gagnez un voyage');
    const { results } = await dkimVerify(Buffer.from(altered), { resolver });
    expect(results[0].status.result).toBe('fail');
  });
});

describe('the DKIM settings', () => {
  it('are all or none, and checked at start-up', () => {
    expect(readConfig({}).dkim).toBeUndefined();
    expect(readConfig(DKIM_ENV).dkim).toEqual({ domainName: DOMAIN, keySelector: SELECTOR, privateKey: PEM.trim() });
    expect(() => readConfig({ ...DKIM_ENV, DKIM_SELECTOR: '' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR et DKIM_PRIVATE_KEY/);
    expect(() => readConfig({ ...DKIM_ENV, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/n'est pas une clé privée PEM/);
    expect(() => readConfig({ ...DKIM_ENV, DKIM_SELECTOR: 'bad selector' })).toThrow(ConfigError);
    // Signed for another domain than the sender's: DMARC would still reject the mail.
    expect(() => readConfig({ ...DKIM_ENV, DKIM_DOMAIN: 'autre.exemple.fr' })).toThrow(/doit être le domaine de MAIL_FROM/);
    expect(readConfig({ ...DKIM_ENV, DKIM_DOMAIN: 'exemple.fr' }).dkim?.domainName).toBe('exemple.fr');
  });

  it('read the key from DKIM_PRIVATE_KEY_FILE', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-dkim-'));
    const file = path.join(dir, 'dkim.pem');
    await fs.writeFile(file, PEM, { mode: 0o600 });
    try {
      const { DKIM_PRIVATE_KEY: _key, ...withoutKey } = DKIM_ENV;
      expect(readConfig({ ...withoutKey, DKIM_PRIVATE_KEY_FILE: file }).dkim?.privateKey).toBe(PEM);
      expect(() => readConfig({ ...DKIM_ENV, DKIM_PRIVATE_KEY_FILE: file })).toThrow(/pas les deux/);
      expect(() => readConfig({ ...withoutKey, DKIM_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(/ne peut pas être lu/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
