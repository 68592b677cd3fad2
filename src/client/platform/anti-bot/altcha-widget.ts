// The ALTCHA widget, loaded only by a form that is asked for a proof of work. The "external"
// build brings no inline worker (the page's policy allows scripts from the site only): the
// PBKDF2 worker is a file of the build, and the style sheet comes with this chunk.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import './anti-bot.css';

// Worded without "tu" or "vous": organisations are addressed as "vous", members as "tu".
const STRINGS: Record<string, string> = {
  ariaLinkLabel: 'ALTCHA (site officiel)',
  cancel: 'Annuler',
  enterCode: 'Code',
  enterCodeAria: "Code entendu (Espace pour écouter l'audio)",
  enterCodeFromImage: "Pour continuer, saisir le code de l'image ci-dessous.",
  error: 'La vérification a échoué. Réessayer dans un instant.',
  expired: 'La vérification a expiré. Cocher la case à nouveau.',
  footer: '',
  getAudioChallenge: 'Écouter le code',
  label: 'Je ne suis pas un robot',
  loading: 'Chargement…',
  reload: 'Recommencer',
  verificationRequired: 'Cocher la case « Je ne suis pas un robot ».',
  verified: 'Vérifié',
  verify: 'Vérifier',
  verifying: 'Vérification en cours…',
  waitAlert: 'Vérification en cours… encore un instant.',
};

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
globalThis.$altcha.i18n.set('fr', STRINGS);
