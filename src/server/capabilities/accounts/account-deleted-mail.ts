import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DELETED_ACCOUNT_ERASED, DELETED_ACCOUNT_REMAINS } from '../../../shared/accounts';
import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';
import { greetingName } from './email-verification';
import type { UserRow } from './users';

/** Who deleted the account: its member, or an admin from /admin/members. */
type DeletedBy = 'member' | 'admin';

/**
 * The proof a member keeps of their erasure (RGPD), to the address the account had, whether
 * they asked for it or an admin did it (a member who learnt it only at their next sign-in
 * would think the site broken). No link but the site's and the contact's: nothing in it needs
 * an account any more.
 */
function accountDeletedMail(site: PublicConfig, { name, by }: { name: string; by: DeletedBy }) {
  const done =
    by === 'member'
      ? `Ton compte ${site.projectName} a été supprimé, comme tu l'as demandé. ${DELETED_ACCOUNT_ERASED}`
      : `Ton compte ${site.projectName} a été supprimé par l'équipe de l'association. ${DELETED_ACCOUNT_ERASED}`;
  const remainsTitle = 'Ce qui reste, sans rien qui mène à toi :';
  const farewell = by === 'member' ? "Merci d'avoir fait partie du projet. Tu peux revenir quand tu veux, avec un nouveau compte." : undefined;
  const contact = by === 'member' ? `Ce n'est pas toi ? Écris-nous à ${site.contactEmail}.` : `Une question ? Écris-nous à ${site.contactEmail}.`;
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
${farewell ? `<p style="margin:0 0 12px;">${escapeHtml(farewell)}</p>\n` : ''}<p style="margin:0;color:#4a5568;font-size:14px;">${escapeHtml(contact)}</p>`,
      bodyText: [
        `Bonjour ${name},`,
        '',
        done,
        '',
        remainsTitle,
        ...DELETED_ACCOUNT_REMAINS.map((line) => `- ${line}`),
        '',
        ...(farewell ? [farewell, ''] : []),
        contact,
      ].join('\n'),
    },
    site,
  );
}

/**
 * Sends the mail once the deletion is committed, unless the address is known to bounce. The
 * account is gone whatever the mail does: a failed sending is logged, not answered as an
 * error that would say the account is still there.
 */
export async function sendAccountDeletedMail(
  app: Pick<FastifyInstance, 'mailer' | 'config'>,
  log: FastifyBaseLogger,
  account: Pick<UserRow, 'email' | 'email_undeliverable_at' | 'account_type' | 'firstname' | 'username'>,
  by: DeletedBy,
): Promise<void> {
  if (account.email_undeliverable_at) return;
  await app.mailer
    .send({ to: account.email, ...accountDeletedMail(app.config.public, { name: greetingName(account), by }) })
    .catch((error: unknown) => log.error({ err: error }, 'the account deletion mail was not sent'));
}
