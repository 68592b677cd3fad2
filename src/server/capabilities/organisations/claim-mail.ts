import { EMAIL_VERIFICATION_HOURS } from '../../../shared/accounts';
import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';

/**
 * The link of an organisation's claim on an address that an account holds without having
 * proven it (decision 0026). It says plainly that opening it replaces that account.
 */
export function organisationClaimMail(site: PublicConfig, { name, url }: { name: string; url: string }) {
  const validity = `${EMAIL_VERIFICATION_HOURS} heures`;
  const lines = [
    `Le compte organisation « ${name} » vient d'être demandé sur ${site.projectName} avec cette adresse.`,
    `Elle est déjà celle d'un compte qui ne l'a jamais confirmée. Ce lien, valable ${validity} et une seule fois, crée le compte « ${name} » avec cette adresse, et supprime l'autre compte.`,
  ];
  const ignore = "Tu n'as rien demandé ? Ignore ce mail : aucun compte ne changera.";
  return renderMail(
    {
      title: 'Confirme ton compte organisation',
      preheader: `Un clic sur le lien, valable ${validity}, et le compte « ${name} » est créé.`,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
${lines.map((line) => `<p style="margin:0 0 12px;">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:0 0 16px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;background:#0b3d91;color:#ffffff;border-radius:999px;text-decoration:none;font-weight:700;">Créer le compte organisation</a></p>
<p style="margin:0 0 16px;color:#4a5568;font-size:14px;word-break:break-all;">Ou copie ce lien dans ton navigateur : ${escapeHtml(url)}</p>
<p style="margin:0;color:#4a5568;font-size:14px;">${escapeHtml(ignore)}</p>`,
      bodyText: [`Bonjour ${name},`, '', ...lines, '', url, '', ignore].join('\n'),
    },
    site,
  );
}
