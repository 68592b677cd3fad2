// The one catalogue of French text that explains a problem to the visitor. Spec texts are
// verbatim (tests and the spec's readers match them); the others follow their tone.

export const ERROR_BOX_TITLE = 'Oups ! Huston, on a un problème :';
export const DISABLED_BUTTON_TOOLTIP = "Ce bouton n'aime pas les champs vides ou rouges 🙁";

const GENERIC_ERROR = 'Une erreur est survenue, essaye à nouveau ou contacte nous !';

/** Messages shown next to a field or in place of a form, before or without a server call. */
export const fieldMessages = {
  invalidEmail: 'Adresse mail invalide',
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  forgotPasswordNeedsEmail: 'Veuillez entrer une adresse mail pour renouveler le mot de passe',
  printAlreadyLeft: 'Hmm, on dirait que tu as déjà laissé une marque... 🤔',
  sportAlreadySuggested: 'Hmm, ce sport a déjà été suggéré 🙁',
  // Why the emoji field kept its value after an edit (spec §5: it grows one emoji at a time).
  emojiOnly: "Seuls les emoji passent ici : les lettres, chiffres et signes tapés n'ont pas été gardés.",
  emojiTooMany: '3 emoji au plus : efface-en un pour en mettre un autre.',
  emojiOneAtATime: 'Ajoute les emoji un par un.',
  voteNeedsLogin: 'Connecte-toi pour voter ou suggérer un sport',
  surveyMissingAnswers: 'Des réponses sont manquantes !',
  surveyNeedsLogin: 'Connecte-toi pour répondre aux sondages',
  surveyAlreadyAnswered: 'Tu as déjà répondu à ce sondage !',
  surveyPreUseReserved: "Ce questionnaire est réservé aux membres n'ayant pas encore effectué de trajets.",
  surveyPostUseReserved: 'Ce questionnaire est réservé aux membres ayant déjà effectué un trajet.',
  noAccountFound: 'Aucun compte trouvé',
  unknownAuthor: 'Inconnu',
  genericError: GENERIC_ERROR,
} as const;

/** Outcomes the spec words exactly (§2 unsubscribe page, §8 newsletter). */
export const statusMessages = {
  newsletterTestSent: 'Message test bien envoyé !',
  newsletterSent: 'Newsletter envoyée !',
  // Verbatim from spec §2, typo included, because tests look for this exact text.
  unsubscribed: 'Tu a bien été supprimé de la newsletter',
  unsubscribeFailed: 'Une erreur est survenue',
} as const;

/** Keyed by the API's error codes "<area>/<code>" (ARCHITECTURE.md, HTTP contract). */
export const errorCatalogue: Readonly<Record<string, string>> = Object.freeze({
  'users/email-already-taken': 'Cette adresse mail est déjà utilisée 🙁',
  'users/username-already-taken': "Ce nom d'utilisateur n'est pas disponible 🙁",
  'users/invalid-email': 'Cette adresse mail est invalide 🙁',
  'users/invalid-password': 'Ce mot de passe ne convient pas 🙁',
  'users/id-token-expired': 'La session a expiré 🙁',
  'users/email-unauthorized': "Cette adresse n'a pas la permission d'ouvrir un compte 🙁",
  'users/no-user-found': fieldMessages.noAccountFound,
  'users/no-user-data': fieldMessages.noAccountFound,
  'users/invalid-username': "Ce nom d'utilisateur n'est pas valide 🙁",
  'users/invalid-name': 'Le prénom ou le nom est invalide 🙁',
  'users/invalid-picture': "Cette image n'est pas valide (PNG, JPEG ou WebP, 3 Mo au plus) 🙁",
  'users/picture-too-large': 'Cette image a trop de pixels (25 mégapixels au plus) : réduis-la puis réessaie 🙁',
  'users/invalid-bio': 'La bio est trop longue 🙁',
  'users/verification-link-invalid': "Ce lien de vérification n'est pas valide, ou un lien plus récent l'a remplacé 🙁",
  'users/verification-link-used': "Ce lien de vérification a déjà servi : il ne fonctionne qu'une fois 🙁",
  'users/verification-link-expired': 'Ce lien de vérification a expiré : il ne fonctionne que 48 heures 🙁',
  'users/email-already-verified': 'Ton adresse mail est déjà vérifiée 🙂',
  'users/same-email': "C'est déjà l'adresse mail de ton compte 🙁",
  'users/temporary-passwords-limit':
    "Trois mots de passe temporaires ont déjà été envoyés à cette adresse dans l'heure : utilise celui du dernier mail (regarde aussi dans les indésirables), ou réessaie plus tard 🙁",
  'users/email-change-suspended':
    "Ce compte a été suspendu par l'équipe de l'association : son adresse mail ne peut pas changer. Écris-nous pour en savoir plus 🙁",
  'users/new-email-taken': "Cette adresse mail est entre-temps devenue celle d'un autre compte : ton adresse n'a pas changé 🙁",
  'auth/invalid-email': 'Adresse mail invalide 🙁',
  'auth/user-not-found': "Aucun compte n'existe avec cette adresse mail. Crée ton compte pour nous rejoindre !",
  'auth/wrong-password': 'Mot de passe incorrect 🙁',
  'words/already-left': fieldMessages.printAlreadyLeft,
  'words/invalid-content': 'Ton message doit faire entre 7 et 150 caractères 🙁',
  'words/invalid-characters': "Ce message contient des caractères non autorisés (caractères de contrôle ou d'inversion du texte) 🙁",
  'sports/already-suggested': fieldMessages.sportAlreadySuggested,
  'sports/invalid-name': "Ce nom de sport n'est pas valide 🙁",
  'sports/invalid-emoji': "Ce champ n'accepte que des emoji (3 au plus) 🙁",
  'sports/too-many-pending': "Tu as déjà 10 suggestions en attente : attends que l'équipe les valide avant d'en proposer d'autres 🙁",
  'moderation/already-done': "Quelqu'un d'autre vient de s'en occuper : ce n'est plus à faire. La liste est mise à jour 🙂",
  'surveys/unauthorized': fieldMessages.surveyNeedsLogin,
  'surveys/missing-fields': fieldMessages.surveyMissingAnswers,
  'surveys/already-answered': fieldMessages.surveyAlreadyAnswered,
  'surveys/invalid-answers': 'Certaines réponses ne sont pas valides 🙁',
  'surveys/pre-use-reserved': fieldMessages.surveyPreUseReserved,
  'surveys/post-use-reserved': fieldMessages.surveyPostUseReserved,
  'surveys/member-email-unverified':
    "Ce compte n'a pas encore vérifié son adresse mail : rien ne prouve qu'il est celui de cette personne, un trajet ne peut pas lui être attribué 🙁",
  'settings/invalid-bonus-amount': 'Le montant du bonus doit être compris entre 0 et 1000 € 🙁',
  'settings/invalid-legal-notice': 'Une information des mentions légales est invalide 🙁',
  'newsletter/invalid-title': 'Le titre est obligatoire, sur une ligne et en 200 caractères au plus 🙁',
  'newsletter/invalid-description': 'La description est trop longue (300 caractères au plus) 🙁',
  'newsletter/invalid-letter': 'Le contenu est obligatoire (50 000 caractères au plus) 🙁',
  'newsletter/unknown-user': 'Aucun compte ne correspond à cet identifiant 🙁',
  'newsletter/no-recipients': 'Aucun destinataire pour cette cible 🙁',
  'newsletter/not-your-account': 'Ce lien de désinscription correspond à un autre compte 🙁',
  'newsletter/invalid-link': "Ce lien de désinscription n'est pas valide 🙁",
  'newsletter/test-not-sent': "Le mail de test n'a pas pu être envoyé, réessaie dans un instant 🙁",
  'event-reports/invalid-event-name': "Indique le nom de l'événement (120 caractères au plus) 🙁",
  'event-reports/invalid-sport': 'Indique le sport (60 caractères au plus) 🙁',
  'event-reports/invalid-date': "Choisis la date de l'événement : aujourd'hui ou plus tard, dans les trois ans 🙁",
  'event-reports/invalid-place': 'Indique le lieu : ville, stade ou adresse (160 caractères au plus) 🙁',
  'event-reports/invalid-link': "Indique un lien valide vers l'événement (site, billetterie ou réseau social) 🙁",
  'event-reports/invalid-email': 'Cette adresse mail est invalide 🙁',
  'anti-bot/missing': "La vérification « Je ne suis pas un robot » n'est pas faite : coche la case puis réessaie 🙁",
  'anti-bot/invalid': "La vérification « Je ne suis pas un robot » n'a pas abouti : réessaie 🙁",
  'anti-bot/expired': "La vérification « Je ne suis pas un robot » a expiré : elle vient d'être relancée, réessaie 🙁",
  'anti-bot/replayed': "Cette vérification « Je ne suis pas un robot » a déjà servi : elle vient d'être relancée, réessaie 🙁",
  'wiki/unknown-article': "Cet article d'aide n'existe pas 🙁",
  'wiki/invalid-visitor': 'Recharge la page puis réessaie 🙁',
  'live/too-many-streams': 'Trop de pages ouvertes depuis ta connexion : ferme-en quelques-unes pour suivre les nouveautés en direct 🙁',
  'live/server-busy': 'Le site est très demandé : les nouveautés en direct reviendront dans un instant 🙁',
  'http/unsupported-media-type': 'Format de requête non pris en charge 🙁',
  'http/forbidden-origin': 'Origine de la requête refusée 🙁',
  'http/rate-limited': 'Trop de tentatives, réessaie dans quelques minutes 🙁',
  'http/bad-request': 'Requête invalide 🙁',
  'http/payload-too-large': 'Contenu trop volumineux 🙁',
  'http/uri-too-long': 'Adresse trop longue 🙁',
  'http/not-found': "Ce contenu n'existe pas ou plus 🙁",
  'passkeys/invalid-name': "Donne à ta clé d'accès un nom d'une ligne, de 60 caractères au plus 🙁",
  'passkeys/not-verified': "Cette clé d'accès n'a pas pu être vérifiée : réessaie 🙁",
  'passkeys/challenge-expired': "La demande a expiré ou a déjà servi : réessaie 🙁",
  'passkeys/unknown': "Cette clé d'accès n'est liée à aucun compte de ce site : connecte-toi avec ton adresse mail et ton mot de passe 🙁",
  'passkeys/already-registered': "Cette clé d'accès est déjà enregistrée 🙂",
  'passkeys/too-many': "Tu as déjà 20 clés d'accès : retire celles qui ne servent plus avant d'en ajouter 🙁",
  'auth/second-factor-required':
    "Ton rôle dans l'équipe demande la validation en deux étapes : active-la sur ta page de compte pour continuer 🙁",
  'auth/reauthentication-required': "Pour cette action, confirme d'abord que c'est bien toi (mot de passe, code ou clé d'accès) 🙁",
  'auth/factor-confirmation-required':
    "Cette action touche à la protection de ton compte : confirme d'abord avec ta deuxième étape (code de l'application, code de secours ou clé d'accès) 🙁",
  'auth/too-many-codes':
    "Trop de codes erronés pour ce compte ces dernières minutes : utilise une clé d'accès ou un code de secours, ou réessaie dans un quart d'heure 🙁",
  'auth/sign-in-voided': 'Trois codes erronés : pour réessayer, indique à nouveau ton adresse mail et ton mot de passe 🙁',
  'sessions/not-found': "Cette session est déjà terminée 🙂",
  'auth/wrong-code': 'Ce code ne convient pas (ou a déjà servi) : vérifie-le, ou attends le suivant 🙁',
  'auth/sign-in-expired': 'La connexion a pris trop de temps : indique à nouveau ton adresse mail et ton mot de passe 🙁',
  'auth/no-passkey': "Ajoute d'abord une clé d'accès à ton compte 🙁",
  'auth/no-totp': "Aucune application d'authentification n'est liée à ton compte 🙁",
  'auth/two-factor-off': "La validation en deux étapes n'est pas activée sur ton compte 🙁",
  'passkeys/cancelled': "La clé d'accès n'a pas été utilisée : la demande a été annulée ou a expiré. Réessaie quand tu veux 🙁",
  'passkeys/not-found': "Cette clé d'accès n'existe pas ou plus 🙁",
  'auth/account-suspended': "Ce compte a été suspendu par l'équipe de l'association : écris-nous pour en savoir plus 🙁",
  'members/not-found': "Ce compte n'existe pas ou plus 🙁",
  'members/last-admin': "Impossible : c'est le dernier administrateur du site. Donne d'abord ce rôle à quelqu'un d'autre 🙁",
  'members/not-yourself': "Tu ne peux pas faire ça sur ton propre compte depuis l'administration 🙁",
  'http/forbidden': "Tu n'as pas la permission de faire ça 🙁",
  'http/unauthorized': 'Connecte-toi pour continuer 🙁',
  'http/internal': GENERIC_ERROR,
  'http/network': 'Impossible de joindre le serveur, vérifie ta connexion 🙁',
  'http/unavailable': 'Le site est momentanément indisponible : réessaie dans quelques instants 🙁',
  'http/storage-full': 'Le serveur manque de place pour enregistrer ça : réessaie plus tard 🙁',
});

/** Spec §8: an unknown code still tells support something, as its suffix plus a sad face. */
export function messageForCode(code: string): string {
  // hasOwn, so a code like 'constructor' cannot pick up an inherited property.
  if (Object.hasOwn(errorCatalogue, code)) return errorCatalogue[code];
  const suffix = code.split('/').pop()?.trim();
  return suffix ? `${suffix} 🙁` : GENERIC_ERROR;
}

/** Register errors about step 1's fields send the visitor back there (spec §4, §8). */
export const REGISTER_STEP1_CODES: ReadonlySet<string> = new Set([
  'users/email-already-taken',
  'users/invalid-email',
  'users/invalid-password',
]);

/**
 * Spec §8 "Survey submit" reads the server's message, not a code; case is ignored. Our
 * server's messages are French (HTTP contract), so the client passes the error CODE here
 * instead: 'surveys/missing-fields' read with '-' as a space contains 'missing fields', and
 * so on for 'unauthorized' (also 'http/unauthorized', signed out) and 'already answered'.
 */
export function surveyErrorMessage(serverMessage: string): string {
  const message = serverMessage.toLowerCase().replaceAll('-', ' ');
  if (message.includes('unauthorized')) return fieldMessages.surveyNeedsLogin;
  if (message.includes('missing fields')) return fieldMessages.surveyMissingAnswers;
  if (message.includes('already answered')) return fieldMessages.surveyAlreadyAnswered;
  return GENERIC_ERROR;
}
