import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';

/**
 * Told to the member each time a way to sign in is added to their account or taken from it:
 * whoever holds a stolen session cannot add their own key, or remove the owner's, unseen.
 */
export function signInFactorMail(site: PublicConfig, { name, title, what }: { name: string; title: string; what: string }) {
  const link = `${site.publicUrl}/account`;
  const notYou = `Ce n'est pas toi ? Change ton mot de passe sur ${link} et écris-nous à ${site.contactEmail}.`;
  return renderMail(
    {
      title,
      preheader: what,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
<p style="margin:0 0 12px;">${escapeHtml(what)}</p>
<p style="margin:0 0 12px;">Tes moyens de connexion sont sur <a href="${escapeHtml(link)}">ta page de compte</a>.</p>
<p style="margin:0;color:#4a5568;font-size:14px;">${escapeHtml(notYou)}</p>`,
      bodyText: [`Bonjour ${name},`, '', what, '', `Tes moyens de connexion sont sur ta page de compte : ${link}`, '', notYou].join('\n'),
    },
    site,
  );
}
