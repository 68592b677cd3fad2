import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from './escape';

interface MailContent {
  /** Also the subject line. */
  title: string;
  /** Shown by mail apps next to the subject. */
  preheader: string;
  /** Trusted HTML for the body (callers escape what they insert). */
  bodyHtml: string;
  bodyText: string;
  /** Extra footer lines (trusted HTML / text), e.g. the newsletter's unsubscribe link. */
  footerHtml?: string;
  footerText?: string;
}

/**
 * The site's identity for every e-mail: one table-based, inline-styled layout that mail
 * apps render alike, on phones too, and its plain-text twin.
 */
export function renderMail(content: MailContent, site: PublicConfig): { subject: string; html: string; text: string } {
  const name = escapeHtml(site.projectName);
  const contact = escapeHtml(site.contactEmail);
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:0;background:#eef2fb;">
<span style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef2fb;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:16px;overflow:hidden;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1a2233;">
<tr><td style="background:#0b3d91;padding:20px 28px;">
<a href="${escapeHtml(site.publicUrl)}/" style="color:#ffffff;text-decoration:none;font-size:22px;font-weight:800;letter-spacing:.5px;">${name}<span style="color:#ff7a1a;">.</span></a>
</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.6;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:#0b3d91;">${escapeHtml(content.title)}</h1>
${content.bodyHtml}
</td></tr>
<tr><td style="padding:20px 28px;background:#f5f7fc;font-size:13px;line-height:1.5;color:#4a5568;">
${content.footerHtml ? `${content.footerHtml}<br>` : ''}${name}, association à but non lucratif · <a href="mailto:${contact}" style="color:#0b3d91;">${contact}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    content.title,
    '',
    content.bodyText,
    '',
    '--',
    ...(content.footerText ? [content.footerText] : []),
    `${site.projectName}, association à but non lucratif · ${site.contactEmail}`,
    site.publicUrl,
  ].join('\n');
  return { subject: content.title, html, text };
}
