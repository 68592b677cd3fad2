import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';
import type { OutgoingMail } from '../../platform/mail/mailer';
import { markdownToEmailHtml, markdownToText } from './markdown';

/** A newsletter with its Markdown converted once, ready to be personalised per recipient. */
export interface PreparedLetter {
  title: string;
  description: string;
  html: string;
  text: string;
}

export function prepareLetter({ title, description, letter }: { title: string; description: string; letter: string }): PreparedLetter {
  return { title, description, html: markdownToEmailHtml(letter), text: markdownToText(letter) };
}

export interface Recipient {
  userId: string;
  email: string;
  /** First name of a person, name of an organisation. */
  name: string;
}

const unsubscribePageUrl = (site: PublicConfig, userId: string) => `${site.publicUrl}/newsletter-unsubscribe/${userId}`;

const oneClickUrl = (site: PublicConfig, token: string) =>
  `${site.publicUrl}/api/newsletter/one-click?token=${encodeURIComponent(token)}`;

/**
 * The same for every copy of one newsletter to one member: an instance killed after the mail
 * server accepted a copy but before it was recorded sends it again (decisions 0005 and 0012),
 * and mail providers that see the same Message-ID twice show the member one copy.
 */
function newsletterMessageId(site: PublicConfig, newsletterId: string, userId: string) {
  return `<newsletter.${newsletterId}.${userId}@${new URL(site.publicUrl).hostname}>`;
}

/**
 * One recipient's newsletter: greeting, content, a personal unsubscribe link, and the
 * RFC 8058 headers that let mail apps offer one-click unsubscribing. A sent newsletter's copy
 * carries its Message-ID; a test mail, sent again at each try, gets a new one each time.
 */
export function newsletterMail(
  site: PublicConfig,
  letter: PreparedLetter,
  recipient: Recipient,
  unsubscribeToken: string,
  newsletterId?: string,
): OutgoingMail {
  const pageUrl = unsubscribePageUrl(site, recipient.userId);
  const greeting = recipient.name ? `Bonjour ${recipient.name},` : 'Bonjour,';
  const reason = `Tu reçois cette newsletter parce que tu as un compte ${site.projectName}.`;
  const rendered = renderMail(
    {
      title: letter.title,
      preheader: letter.description,
      bodyHtml: `<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>\n${letter.html}`,
      bodyText: `${greeting}\n\n${letter.text}`,
      footerHtml: `${escapeHtml(reason)} <a href="${escapeHtml(pageUrl)}" style="color:#0b3d91;">Se désinscrire de la newsletter</a>`,
      footerText: `${reason}\nSe désinscrire de la newsletter : ${pageUrl}`,
    },
    site,
  );
  return {
    to: recipient.email,
    ...rendered,
    headers: {
      ...(newsletterId ? { 'Message-ID': newsletterMessageId(site, newsletterId, recipient.userId) } : {}),
      'List-Unsubscribe': `<${oneClickUrl(site, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
