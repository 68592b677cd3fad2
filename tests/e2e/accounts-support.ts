// Shared by the accounts-*.e2e.ts specs: members created through the API, and sign-in.
import { expect as vitestExpect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import type { Site } from './support/site';
import { proofOfWork } from './support/proof-of-work';

export const PASSWORD = 'Unissons-2025!';

let counter = 0;
/** A fresh address per test, so specs never depend on each other. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@exemple.fr`;
}

export interface Member {
  email: string;
  password: string;
  username: string;
  firstname: string;
  lastname: string;
  /** Ticks 'Recevoir la newsletter' at registration (unticked by default, decision 0010). */
  newsletter?: boolean;
}

/**
 * The path of the link in the latest verification mail sent to `email` (decision 0018):
 * `/verifier-adresse/{token}`.
 */
export async function verificationLinkPath(site: Site, email: string, subject = 'Confirme ton adresse mail'): Promise<string> {
  await site.mailbox.waitFor(email, (mail) => mail.parsed.subject === subject);
  const mails = site.mailbox.messages.filter(
    (mail) => mail.recipients.includes(email.toLowerCase()) && mail.parsed.subject === subject,
  );
  const url = /(https?:\/\/\S+\/verifier-adresse\/[A-Za-z0-9_-]+)/.exec(mails.at(-1)!.parsed.text ?? '');
  vitestExpect(url, mails.at(-1)!.parsed.text).not.toBeNull();
  return new URL(url![1]).pathname;
}

/**
 * Registers a person through the API (the browser part is covered by the register spec), and
 * opens the link of the verification mail unless `verified: false`, as most members do.
 */
export async function createMember(site: Site, overrides: Partial<Member> & { verified?: boolean } = {}): Promise<Member> {
  const { verified = true, ...fields } = overrides;
  const email = overrides.email ?? uniqueEmail('membre');
  const member: Member = {
    email,
    password: PASSWORD,
    username: `m${email.split('@')[0].replace(/\W/g, '').slice(-20)}`,
    firstname: 'Léa',
    lastname: 'Martin',
    ...fields,
  };
  const response = await fetch(`${site.url}/api/fn/users-registerUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: member.email,
      username: member.username,
      firstname: member.firstname,
      lastname: member.lastname,
      pwd: member.password,
      newsletter: member.newsletter,
      ...(await proofOfWork(site.url)),
    }),
  });
  vitestExpect(response.status, await response.clone().text()).toBe(200);
  if (verified) {
    const token = (await verificationLinkPath(site, member.email)).split('/').pop();
    const opened = await fetch(`${site.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    vitestExpect(opened.status, await opened.clone().text()).toBe(200);
  }
  return member;
}

/** Signs in through the gate's login form at `path`, and waits for the gate to open. */
export async function signIn(page: Page, email: string, password: string, path = '/account') {
  await page.goto(path);
  await page.getByLabel('Adresse mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor({ state: 'detached' });
}

/** The site, with a generous auth rate limit: every spec signs in from the same address. */
export const SITE_ENV = { AUTH_RATE_LIMIT_PER_MINUTE: '1000' };

/** A full-page screenshot taken from the top, so the sticky header sits where it belongs. */
export async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
