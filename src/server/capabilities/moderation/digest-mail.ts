import { DIGEST_TIME_ZONE } from '../../../shared/moderation';
import type { PublicConfig } from '../../../shared/public-config';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';

interface Waiting {
  name: string;
  words: number;
  sports: number;
  /** When the oldest waiting item was sent. */
  oldest: Date;
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: DIGEST_TIME_ZONE });

const button = (url: string, label: string) =>
  `<p style="margin:0 0 16px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;background:#0b3d91;color:#ffffff;border-radius:999px;text-decoration:none;font-weight:700;">${label}</a></p>`;

/** The day's digest for a moderator: what waits, since when, a link to the queue, how to stop it. */
export function digestMail(site: PublicConfig, { name, words, sports, oldest }: Waiting) {
  const queueUrl = `${site.publicUrl}/admin/moderation`;
  const accountUrl = `${site.publicUrl}/account`;
  const total = words + sports;
  const title = `${plural(total, 'élément attend', 'éléments attendent')} la modération`;
  const lines = [
    `Sur ${site.projectName}, ${plural(words, 'mot de soutien', 'mots de soutien')} et ${plural(sports, 'sport suggéré', 'sports suggérés')} attendent d'être approuvés ou refusés.`,
    `Le plus ancien attend depuis le ${dateFormat.format(oldest)}.`,
  ];
  const why = `Tu reçois ce résumé au plus une fois par jour, les jours où des éléments attendent, parce que tu modères ${site.projectName}. Pour ne plus le recevoir : décoche « Recevoir le résumé de modération » sur ton compte.`;
  return renderMail(
    {
      title,
      preheader: lines[0],
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
${lines.map((line) => `<p style="margin:0 0 12px;">${escapeHtml(line)}</p>`).join('\n')}
${button(queueUrl, 'Ouvrir la file de modération')}
<p style="margin:0 0 16px;color:#4a5568;font-size:14px;word-break:break-all;">Ou copie ce lien dans ton navigateur : ${escapeHtml(queueUrl)}</p>`,
      bodyText: [`Bonjour ${name},`, '', ...lines, '', `La file de modération : ${queueUrl}`].join('\n'),
      footerHtml: `${escapeHtml(why)} <a href="${escapeHtml(accountUrl)}" style="color:#0b3d91;">Mon compte</a>`,
      footerText: `${why} ${accountUrl}`,
    },
    site,
  );
}
