import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { hashSecretToken, newSecretToken } from '../../platform/secret-token';
import { escapeHtml } from '../../platform/mail/escape';
import { renderMail } from '../../platform/mail/layout';
import type { PublicConfig } from '../../../shared/public-config';
import { greetingName } from './email-verification';
import { describeUserAgent } from './user-agents';

/**
 * A random id the browser keeps (its own cookie, 400 days, the most browsers allow), so that a
 * sign-in from a browser the account never used is told to its member, once per browser.
 */
const browserCookieName = (secure: boolean) => (secure ? '__Host-unissons_browser' : 'unissons_browser');
const BROWSER_COOKIE_DAYS = 400;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface SignedInAccount {
  id: string;
  email: string;
  account_type: string;
  firstname: string;
  username: string;
}

/**
 * After a sign-in: the browser is known to the account from now on; if it was not, and the
 * account had signed in from another before (a first sign-in, at registration, tells nothing),
 * the member is mailed what browser it was, with the way to end that session.
 */
export async function noteSignInBrowser(app: FastifyInstance, reply: FastifyReply, account: SignedInAccount) {
  const { db } = app.database;
  const secure = app.config.public.publicUrl.startsWith('https:');
  const name = browserCookieName(secure);
  const kept = reply.request.cookies[name];
  const browserId = kept && TOKEN.test(kept) ? kept : newSecretToken();
  reply.setCookie(name, browserId, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: BROWSER_COOKIE_DAYS * 24 * 60 * 60 });
  const hash = hashSecretToken(browserId);
  // `xmax = 0` tells a row inserted now from one that was there and is only dated again.
  const noted = await db
    .insertInto('known_browsers')
    .values({ user_id: account.id, browser_hash: hash })
    .onConflict((conflict) => conflict.columns(['user_id', 'browser_hash']).doUpdateSet({ last_signed_in_at: sql<Date>`now()` }))
    .returning(sql<boolean>`xmax = 0`.as('added'))
    .executeTakeFirstOrThrow();
  if (!noted.added) return;
  const other = await db.selectFrom('known_browsers').select('user_id').where('user_id', '=', account.id).where('browser_hash', '!=', hash).limit(1).executeTakeFirst();
  if (!other) return;
  const { browser, device } = describeUserAgent(reply.request.headers['user-agent'] ?? '');
  await app.mailer.send({ to: account.email, ...newBrowserMail(app.config.public, { name: greetingName(account), browser, device, at: new Date() }) });
}

/** Browsers that signed in to no account for as long as their cookie lives; from the daily retention run. */
export async function forgetOldBrowsers(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('known_browsers')
    .where('last_signed_in_at', '<', sql<Date>`now() - make_interval(days => ${BROWSER_COOKIE_DAYS})`)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

function newBrowserMail(site: PublicConfig, { name, browser, device, at }: { name: string; browser: string; device: string; at: Date }) {
  const link = `${site.publicUrl}/account#sessions`;
  const what = `Ton compte ${site.projectName} vient d'être ouvert depuis un navigateur qu'il ne connaissait pas : ${browser}, ${device}, le ${dateTime.format(at)} (heure de Paris).`;
  const ifNot = "Si ce n'est pas toi, déconnecte cette session depuis la liste de tes sessions, puis change ton mot de passe.";
  return renderMail(
    {
      title: 'Nouvelle connexion à ton compte',
      preheader: `${browser}, ${device}`,
      bodyHtml: `<p style="margin:0 0 12px;">Bonjour ${escapeHtml(name)},</p>
<p style="margin:0 0 12px;">${escapeHtml(what)}</p>
<p style="margin:0 0 12px;">Si c'est toi, il n'y a rien à faire.</p>
<p style="margin:0 0 12px;">${escapeHtml(ifNot)} <a href="${escapeHtml(link)}">Voir mes sessions</a></p>`,
      bodyText: [`Bonjour ${name},`, '', what, '', "Si c'est toi, il n'y a rien à faire.", '', `${ifNot} ${link}`].join('\n'),
    },
    site,
  );
}
