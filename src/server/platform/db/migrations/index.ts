import type { Migration } from 'kysely';
import * as settings from './20261121120000_settings';
import * as accounts from './20261121130000_accounts';
import * as words from './20261121140000_words';
import * as sports from './20261121145000_sports';
import * as wikiFeedbackEventReports from './20261121150000_wiki_feedback_event_reports';
import * as surveys from './20261121160000_surveys';
import * as newsletter from './20261121170000_newsletter';
import * as accountHardening from './20261124100000_account_hardening';
import * as newsletterConsent from './20261124110000_newsletter_consent';
import * as newsletterIdempotencyKey from './20261124120000_newsletter_idempotency_key';
import * as accountLastSeen from './20261124140000_account_last_seen';
import * as emailVerification from './20261124150000_email_verification';
import * as emailUndeliverable from './20261124160000_email_undeliverable';
import * as journal from './20261125200000_journal';
import * as membersAdmin from './20261125210000_members_admin';
import * as antiBot from './20261125300000_anti_bot';
import * as moderationAtScale from './20261125400000_moderation_at_scale';
import * as scaleIndexes from './20261125600000_scale_indexes';
import * as sportReactionCounts from './20261125700000_sport_reaction_counts';
import * as publishedWordsKeyset from './20261125800000_published_words_keyset';
import * as usersTypeNewest from './20261125900000_users_type_newest';
import * as organisationClaims from './20261126100000_organisation_claims';
import * as usersLostRights from './20261126200000_users_lost_rights';
import * as temporaryPasswordMails from './20261126300000_temporary_password_mails';
import * as rotatingSecrets from './20261126800000_rotating_secrets';
import * as firebaseAccounts from './20261127100000_firebase_accounts';
import * as newsletterDeliveriesOneUserIndex from './20261127200000_newsletter_deliveries_one_user_index';
import * as texts from './20261127300000_texts';
import * as wikiArticles from './20261128200000_wiki_articles';
import * as passkeys from './20261128300000_passkeys';
import * as twoFactor from './20261128310000_two_factor';
import * as recentAuthentication from './20261128320000_recent_authentication';
import * as sessionDevices from './20261128330000_session_devices';
import * as sharedLimits from './20261128400000_shared_limits';
import * as operations from './20261128500000_operations';
import * as audience from './20261128600000_audience';
import * as dashboardStatistics from './20261128700000_dashboard_statistics';
import * as encryptedTotpSecrets from './20261128800000_encrypted_totp_secrets';
import * as sessionsEnded from './20261207100000_sessions_ended';
import * as sessionSecondFactor from './20261207200000_session_second_factor';

/**
 * Every migration, by timestamped name, in order. Listed explicitly (not read from the
 * folder) so the production bundle carries them.
 */
export const migrations: Record<string, Migration> = {
  '20261121120000_settings': settings,
  '20261121130000_accounts': accounts,
  '20261121140000_words': words,
  '20261121145000_sports': sports,
  '20261121150000_wiki_feedback_event_reports': wikiFeedbackEventReports,
  '20261121160000_surveys': surveys,
  '20261121170000_newsletter': newsletter,
  '20261124100000_account_hardening': accountHardening,
  '20261124110000_newsletter_consent': newsletterConsent,
  '20261124120000_newsletter_idempotency_key': newsletterIdempotencyKey,
  '20261124140000_account_last_seen': accountLastSeen,
  '20261124150000_email_verification': emailVerification,
  '20261124160000_email_undeliverable': emailUndeliverable,
  '20261125200000_journal': journal,
  '20261125210000_members_admin': membersAdmin,
  '20261125300000_anti_bot': antiBot,
  '20261125400000_moderation_at_scale': moderationAtScale,
  '20261125600000_scale_indexes': scaleIndexes,
  '20261125700000_sport_reaction_counts': sportReactionCounts,
  '20261125800000_published_words_keyset': publishedWordsKeyset,
  '20261125900000_users_type_newest': usersTypeNewest,
  '20261126100000_organisation_claims': organisationClaims,
  '20261126200000_users_lost_rights': usersLostRights,
  '20261126300000_temporary_password_mails': temporaryPasswordMails,
  '20261126800000_rotating_secrets': rotatingSecrets,
  '20261127100000_firebase_accounts': firebaseAccounts,
  '20261127200000_newsletter_deliveries_one_user_index': newsletterDeliveriesOneUserIndex,
  '20261127300000_texts': texts,
  '20261128200000_wiki_articles': wikiArticles,
  '20261128300000_passkeys': passkeys,
  '20261128310000_two_factor': twoFactor,
  '20261128320000_recent_authentication': recentAuthentication,
  '20261128330000_session_devices': sessionDevices,
  '20261128400000_shared_limits': sharedLimits,
  '20261128500000_operations': operations,
  '20261128600000_audience': audience,
  '20261128700000_dashboard_statistics': dashboardStatistics,
  '20261128800000_encrypted_totp_secrets': encryptedTotpSecrets,
  '20261207100000_sessions_ended': sessionsEnded,
  '20261207200000_session_second_factor': sessionSecondFactor,
};
