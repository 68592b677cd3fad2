import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { findUser, toCurrentUser } from './users';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * What the site holds but does not hand out, said in the file itself so the member reads
 * why it is missing (privacy policy §2.1, decision 0006).
 */
const NOTES = {
  secrets:
    "Ton mot de passe et ceux qui sont temporaires ne sont gardés que sous une forme chiffrée irréversible, et tes sessions comme les liens de vérification de ton adresse mail sous l'empreinte de leur jeton : ni les uns ni les autres ne sont joints. Le secret de ton application d'authentification, tes codes de secours et les clés publiques de tes clés d'accès ne le sont pas non plus : ce sont des moyens de connexion, pas des informations sur toi.",
  word: "Un mot refusé par l'équipe est supprimé : il ne reste que ton mot publié ou en attente de modération.",
  surveys:
    "Tes réponses aux questionnaires sont enregistrées sans lien avec ton compte : seule l'indication que tu as répondu l'est, la voici. Nous ne pouvons donc ni les retrouver ni te les joindre.",
  wikiFeedback:
    "Les avis « Cet article t'a-t-il aidé ? » sont liés à un identifiant tiré au hasard par ton navigateur, jamais à ton compte : nous ne pouvons pas les retrouver.",
  eventReports:
    "Les événements signalés avec ton adresse mail depuis que tu l'as vérifiée : avant, rien ne prouve que ces signalements viennent de toi.",
  loginFailures:
    "Les tentatives de connexion à ton adresse mail comptées contre les essais de mots de passe (15 minutes au plus), depuis que tu l'as vérifiée. Les adresses IP d'où elles viennent ne sont pas jointes : elles peuvent être celles d'une autre personne.",
};

/**
 * RGPD right of access and portability (privacy policy §7.1, §7.7): everything the site
 * keeps about a member, as JSON. A table that stores member data adds its part here.
 * Read in one repeatable-read transaction: one consistent picture, on one connection.
 * Built whole rather than streamed: every part is the member's own rows, which
 * retention bounds (sessions until they expire, deliveries 12 months, reports a year, failed
 * logins 15 minutes, one reaction per sport), each read through an index
 * (db/query-plans.test.ts), so its size and cost do not grow with the number of members.
 */
export async function exportAccountData(db: Kysely<Database>, userId: string) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => collect(trx, userId));
}

async function collect(db: Kysely<Database>, userId: string) {
  const user = await findUser(db, userId);
  if (!user) throw new Error('exporting a missing account');
  // Rows found by e-mail are the member's only once the address is proven theirs, and only from
  // then on (decision 0028): anyone can register with someone else's address, and an address
  // once proven may have been another person's before (a reassigned or recycled mailbox).
  const provenSince = user.email_verified_at;
  const [
    secrets,
    picture,
    sessions,
    passkeys,
    knownBrowsers,
    verificationLinks,
    loginFailures,
    allowlisted,
    word,
    sportSuggestions,
    sportReactions,
    surveySubmissions,
    deliveries,
    newslettersWritten,
    eventReports,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        'temporary_password_expires_at',
        'temporary_password_mailed_at',
        'email_undeliverable_reason',
        'moderation_digest',
        'moderation_digest_sent_at',
        'two_factor_since',
        'totp_secret',
        (eb) => eb.selectFrom('recovery_codes').select(sql<string>`count(*)`.as('n')).whereRef('recovery_codes.user_id', '=', 'users.id').as('recovery_codes_left'),
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_pictures').select(['content', 'content_type']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'last_seen_at', 'second_factor_at', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('passkeys').select(['name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('known_browsers').select(['first_seen_at', 'last_signed_in_at']).where('user_id', '=', userId).orderBy('first_seen_at').execute(),
    db
      .selectFrom('email_verifications')
      .select(['email', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    provenSince
      ? db
          .selectFrom('login_failures')
          .select('failed_at')
          // The password's and the second step's (login-throttle.ts).
          .where('email', 'in', [user.email, `2fa:${user.email}`])
          .where('failed_at', '>=', provenSince)
          .orderBy('failed_at')
          .execute()
      : [],
    // The team allowed the address, usually before the account existed: a fact about the
    // address, the member's to see once it is theirs.
    provenSince
      ? db.selectFrom('organisation_allowlist').select('created_at').where('email', '=', user.email).executeTakeFirst()
      : undefined,
    db.selectFrom('words').select(['content', 'public', 'vip', 'created_at', 'published_at']).where('author_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('sports')
      .select(['id', 'name', 'emoji', 'public', 'created_at', 'published_at'])
      .where('submitted_by', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('sport_reactions')
      .innerJoin('sports', 'sports.id', 'sport_reactions.sport_id')
      .select(['sports.id', 'sports.name', 'sport_reactions.reaction', 'sport_reactions.created_at'])
      .where('sport_reactions.user_id', '=', userId)
      .orderBy('sport_reactions.created_at')
      .execute(),
    db.selectFrom('survey_submissions').select('survey_id').where('user_id', '=', userId).orderBy('survey_id').execute(),
    db
      .selectFrom('newsletter_deliveries')
      .innerJoin('newsletters', 'newsletters.id', 'newsletter_deliveries.newsletter_id')
      .select([
        'newsletters.title',
        'newsletters.created_at',
        'newsletter_deliveries.email',
        'newsletter_deliveries.name',
        'newsletter_deliveries.status',
        'newsletter_deliveries.attempts',
        'newsletter_deliveries.sent_at',
        'newsletter_deliveries.last_error',
      ])
      .where('newsletter_deliveries.user_id', '=', userId)
      .orderBy('newsletters.created_at')
      .execute(),
    db.selectFrom('newsletters').select(['title', 'created_at']).where('created_by', '=', userId).orderBy('created_at').execute(),
    provenSince
      ? db
          .selectFrom('event_reports')
          // The day as written, not a Date a time zone could shift.
          .select(['event_name', 'sport', sql<string>`event_date::text`.as('event_date'), 'place', 'link', 'email', 'created_at'])
          // Stored lower-cased, as the account's is.
          .where('email', '=', user.email)
          .where('created_at', '>=', provenSince)
          .orderBy('created_at')
          .execute()
      : [],
  ]);
  const { mustChangePassword: _mustChange, ...account } = toCurrentUser(user);
  const now = new Date();
  const pendingChange = verificationLinks.findLast((link) => link.email !== user.email && !link.used_at && link.expires_at > now);
  return {
    exportedAt: new Date().toISOString(),
    notes: NOTES,
    account: {
      ...account,
      createdAt: user.created_at.toISOString(),
      emailVerifiedAt: iso(user.email_verified_at),
      // Decision 0019: when a server first refused the address for good, and its reply.
      emailUndeliverableAt: iso(user.email_undeliverable_at),
      emailUndeliverableReason: secrets.email_undeliverable_reason,
      // Decision 0018: the new address waits for its link; the current one stays the account's.
      pendingEmailChange: pendingChange
        ? { email: pendingChange.email, requestedAt: iso(pendingChange.created_at), validUntil: iso(pendingChange.expires_at) }
        : null,
      temporaryLoginValidUntil: iso(secrets.temporary_password_expires_at),
      // Decision 0028: when 'Mot de passe oublié' last mailed one, counted against its hourly limit.
      temporaryLoginsMailedAt: secrets.temporary_password_mailed_at.map(iso),
      ...(allowlisted && { organisationAllowedAt: allowlisted.created_at.toISOString() }),
      // Decision 0021: the team's daily digest of what waits, for those who moderate.
      ...(user.roles.length > 0 && {
        moderationDigest: secrets.moderation_digest,
        moderationDigestLastSentAt: iso(secrets.moderation_digest_sent_at),
      }),
    },
    picture: picture ? { contentType: picture.content_type, base64: Buffer.from(picture.content).toString('base64') } : null,
    sessions: sessions.map((session) => ({
      createdAt: iso(session.created_at),
      expiresAt: iso(session.expires_at),
      lastSeenAt: iso(session.last_seen_at),
      secondFactorAt: iso(session.second_factor_at),
      userAgent: session.user_agent,
    })),
    // Decision 0046: how the account signs in beyond its password.
    secondFactor: {
      since: iso(secrets.two_factor_since),
      authenticatorApp: secrets.totp_secret !== null,
      recoveryCodesLeft: Number(secrets.recovery_codes_left),
    },
    passkeys: passkeys.map((passkey) => ({ name: passkey.name, createdAt: iso(passkey.created_at), lastUsedAt: iso(passkey.last_used_at) })),
    knownBrowsers: knownBrowsers.map((browser) => ({ firstSeenAt: iso(browser.first_seen_at), lastSignedInAt: iso(browser.last_signed_in_at) })),
    emailVerificationLinks: verificationLinks.map((link) => ({
      email: link.email,
      createdAt: iso(link.created_at),
      expiresAt: iso(link.expires_at),
      usedAt: iso(link.used_at),
    })),
    loginFailures: loginFailures.map((failure) => ({ failedAt: iso(failure.failed_at) })),
    word: word
      ? {
          content: word.content,
          status: word.public ? 'public' : 'pending',
          vip: word.vip,
          createdAt: iso(word.created_at),
          publishedAt: iso(word.published_at),
        }
      : null,
    sportSuggestions: sportSuggestions.map((sport) => ({
      id: sport.id,
      name: sport.name,
      emoji: sport.emoji,
      status: sport.public ? 'public' : 'pending',
      createdAt: iso(sport.created_at),
      publishedAt: iso(sport.published_at),
    })),
    sportReactions: sportReactions.map((reaction) => ({
      sportId: reaction.id,
      sport: reaction.name,
      reaction: reaction.reaction,
      createdAt: iso(reaction.created_at),
    })),
    surveysAnswered: surveySubmissions.map((submission) => submission.survey_id),
    newsletterDeliveries: deliveries.map((delivery) => ({
      newsletter: delivery.title,
      newsletterCreatedAt: iso(delivery.created_at),
      email: delivery.email,
      name: delivery.name,
      status: delivery.status,
      attempts: delivery.attempts,
      sentAt: iso(delivery.sent_at),
      lastError: delivery.last_error,
    })),
    newslettersWritten: newslettersWritten.map((newsletter) => ({ title: newsletter.title, createdAt: iso(newsletter.created_at) })),
    eventReports: eventReports.map((report) => ({
      eventName: report.event_name,
      sport: report.sport,
      date: report.event_date,
      place: report.place,
      link: report.link,
      email: report.email,
      createdAt: iso(report.created_at),
    })),
  };
}
