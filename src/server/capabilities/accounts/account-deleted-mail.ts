import { DELETED_ACCOUNT_ERASED, DELETED_ACCOUNT_REMAINS } from '../../../shared/accounts';
import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';

/**
 * The proof a member keeps of their erasure (RGPD), to the address the account had. No link
 * but the site's and the contact's: nothing in it needs an account any more.
 */
export function accountDeletedMail(site: PublicConfig, { name }: { name: string }) {
  const done = `Ton compte ${site.projectName} a été supprimé, comme tu l'as demandé. ${DELETED_ACCOUNT_ERASED}`;
  const remainsTitle = 'Ce qui reste, sans rien qui mène à toi :';
  const notYou = `Ce n'est pas toi ? Écris-nous à ${site.contactEmail}.`;
  return renderMail(
    {
      title: 'Ton compte a été supprimé',
      preheader: `Ton compte ${site.projectName} et ses données sont effacés.`,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
<p style="margin:0 0 12px;">${escapeHtml(done)}</p>
<p style="margin:0 0 8px;">${escapeHtml(remainsTitle)}</p>
<ul style="margin:0 0 16px;padding-left:20px;">
${DELETED_ACCOUNT_REMAINS.map((line) => `<li style="margin:0 0 6px;">${escapeHtml(line)}</li>`).join('\n')}
</ul>
<p style="margin:0 0 12px;">Merci d'avoir fait partie du projet. Tu peux revenir quand tu veux, avec un nouveau compte.</p>
<p style="margin:0;color:#4a5568;font-size:14px;">${escapeHtml(notYou)}</p>`,
      bodyText: [
        `Bonjour ${name},`,
        '',
        done,
        '',
        remainsTitle,
        ...DELETED_ACCOUNT_REMAINS.map((line) => `- ${line}`),
        '',
        "Merci d'avoir fait partie du projet. Tu peux revenir quand tu veux, avec un nouveau compte.",
        '',
        notYou,
      ].join('\n'),
    },
    site,
  );
}
