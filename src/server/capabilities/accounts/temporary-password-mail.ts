import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';

interface TemporaryPasswordMail {
  name: string;
  temporaryPassword: string;
  validMinutes: number;
}

export function temporaryPasswordMail(site: PublicConfig, { name, temporaryPassword, validMinutes }: TemporaryPasswordMail) {
  const accountUrl = `${site.publicUrl}/account`;
  const hours = validMinutes / 60;
  const validity = hours === 1 ? '1 heure' : `${hours} heures`;
  return renderMail(
    {
      title: 'Ton mot de passe temporaire',
      preheader: `Connecte-toi avec ce mot de passe, valable ${validity}.`,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
<p style="margin:0 0 12px;">Tu as demandé à renouveler ton mot de passe. Voici un mot de passe temporaire, valable <strong>${validity}</strong> et pour une seule connexion :</p>
<p style="margin:0 0 16px;padding:14px 18px;background:#fff4eb;border-radius:10px;font-family:Menlo,Consolas,monospace;font-size:20px;letter-spacing:1px;color:#0b3d91;">${escapeHtml(temporaryPassword)}</p>
<p style="margin:0 0 16px;">Connecte-toi avec lui, puis choisis un nouveau mot de passe sur ton compte.</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(accountUrl)}" style="display:inline-block;padding:12px 22px;background:#0b3d91;color:#ffffff;border-radius:999px;text-decoration:none;font-weight:700;">Me connecter</a></p>
<p style="margin:0;color:#4a5568;font-size:14px;">Ce n'est pas toi ? Ignore ce mail : ton mot de passe actuel fonctionne toujours.</p>`,
      bodyText: [
        `Bonjour ${name},`,
        '',
        `Tu as demandé à renouveler ton mot de passe. Voici un mot de passe temporaire, valable ${validity} et pour une seule connexion :`,
        '',
        `    ${temporaryPassword}`,
        '',
        `Connecte-toi avec lui, puis choisis un nouveau mot de passe sur ton compte : ${accountUrl}`,
        '',
        "Ce n'est pas toi ? Ignore ce mail : ton mot de passe actuel fonctionne toujours.",
      ].join('\n'),
    },
    site,
  );
}
