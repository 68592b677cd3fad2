import { EMAIL_VERIFICATION_HOURS } from '../../../shared/accounts';
import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';

const button = (url: string, label: string) =>
  `<p style="margin:0 0 16px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;background:#0b3d91;color:#ffffff;border-radius:999px;text-decoration:none;font-weight:700;">${label}</a></p>`;

interface VerificationMail {
  name: string;
  url: string;
  /** The link confirms a new address for an existing account, not a new account's. */
  change: boolean;
}

/** The link that proves an address: at registration, on 'Renvoyer le mail', or for a new address. */
export function verificationMail(site: PublicConfig, { name, url, change }: VerificationMail) {
  const validity = `${EMAIL_VERIFICATION_HOURS} heures`;
  const why = change
    ? `Tu as demandé à utiliser cette adresse pour ton compte ${site.projectName}. Confirme-la avec ce lien, valable ${validity} et une seule fois : ton ancienne adresse reste celle de ton compte jusque-là.`
    : `Confirme que cette adresse est bien la tienne avec ce lien, valable ${validity} et une seule fois.`;
  const ignore = change
    ? "Ce n'est pas toi ? Ignore ce mail : aucun compte ne changera d'adresse."
    : "Tu n'as pas créé de compte ? Ignore ce mail : l'adresse ne sera pas vérifiée.";
  return renderMail(
    {
      title: change ? 'Confirme ta nouvelle adresse mail' : 'Confirme ton adresse mail',
      preheader: `Un clic sur le lien, valable ${validity}, et c'est fait.`,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
<p style="margin:0 0 16px;">${escapeHtml(why)}</p>
${button(url, change ? 'Confirmer ma nouvelle adresse' : 'Confirmer mon adresse')}
<p style="margin:0 0 16px;color:#4a5568;font-size:14px;word-break:break-all;">Ou copie ce lien dans ton navigateur : ${escapeHtml(url)}</p>
<p style="margin:0;color:#4a5568;font-size:14px;">${escapeHtml(ignore)}</p>`,
      bodyText: [`Bonjour ${name},`, '', why, '', url, '', ignore].join('\n'),
    },
    site,
  );
}

/** To the current address when a change to another one is asked: its owner can react if it was not them. */
export function emailChangeNoticeMail(site: PublicConfig, { name, newEmail }: { name: string; newEmail: string }) {
  const accountUrl = `${site.publicUrl}/account`;
  const lines = [
    `Une demande de changement d'adresse mail vient d'être faite sur ton compte ${site.projectName}, vers ${newEmail}.`,
    "Cette adresse-ci reste celle de ton compte (connexion et mails) tant que la nouvelle n'est pas confirmée par le lien qui lui a été envoyé.",
  ];
  const notYou =
    "Ce n'est pas toi ? Change ton mot de passe depuis ton compte : sans lui, personne ne peut demander de changement.";
  return renderMail(
    {
      title: "Changement d'adresse mail demandé",
      preheader: `Vers ${newEmail}, en attente de confirmation.`,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
${lines.map((line) => `<p style="margin:0 0 12px;">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:0 0 16px;">${escapeHtml(notYou)}</p>
${button(accountUrl, 'Mon compte')}`,
      bodyText: [`Bonjour ${name},`, '', ...lines, '', notYou, accountUrl].join('\n'),
    },
    site,
  );
}
