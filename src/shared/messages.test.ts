import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DISABLED_BUTTON_TOOLTIP,
  ERROR_BOX_TITLE,
  REGISTER_STEP1_CODES,
  errorCatalogue,
  fieldMessages,
  messageForCode,
  surveyErrorMessage,
} from './messages';

const GENERIC = 'Une erreur est survenue, essaye à nouveau ou contacte nous !';

describe('fixed texts', () => {
  it('are the spec texts', () => {
    expect(ERROR_BOX_TITLE).toBe('Oups ! Huston, on a un problème :');
    expect(DISABLED_BUTTON_TOOLTIP).toBe("Ce bouton n'aime pas les champs vides ou rouges 🙁");
    expect(fieldMessages.invalidEmail).toBe('Adresse mail invalide');
    expect(fieldMessages.passwordsDiffer).toBe('Les mots de passe ne correspondent pas');
    expect(fieldMessages.forgotPasswordNeedsEmail).toBe(
      'Veuillez entrer une adresse mail pour renouveler le mot de passe',
    );
    expect(fieldMessages.printAlreadyLeft).toBe('Hmm, on dirait que tu as déjà laissé une marque... 🤔');
    expect(fieldMessages.sportAlreadySuggested).toBe('Hmm, ce sport a déjà été suggéré 🙁');
    expect(fieldMessages.voteNeedsLogin).toBe('Connecte-toi pour voter ou suggérer un sport');
    expect(fieldMessages.unknownAuthor).toBe('Inconnu');
  });
});

describe('messageForCode', () => {
  it.each([
    ['users/email-already-taken', 'Cette adresse mail est déjà utilisée 🙁'],
    ['users/username-already-taken', "Ce nom d'utilisateur n'est pas disponible 🙁"],
    ['users/invalid-email', 'Cette adresse mail est invalide 🙁'],
    ['users/invalid-password', 'Ce mot de passe ne convient pas 🙁'],
    ['users/id-token-expired', 'La session a expiré 🙁'],
    ['users/email-unauthorized', "Cette adresse n'a pas la permission d'ouvrir un compte 🙁"],
    ['users/no-user-found', 'Aucun compte trouvé'],
    ['users/no-user-data', 'Aucun compte trouvé'],
    ['auth/invalid-email', 'Adresse mail invalide 🙁'],
    ['auth/user-not-found', "Aucun compte n'existe avec cette adresse mail. Crée ton compte pour nous rejoindre !"],
    ['auth/wrong-password', 'Mot de passe incorrect 🙁'],
    ['words/already-left', 'Hmm, on dirait que tu as déjà laissé une marque... 🤔'],
    ['sports/already-suggested', 'Hmm, ce sport a déjà été suggéré 🙁'],
    ['surveys/unauthorized', 'Connecte-toi pour répondre aux sondages'],
    ['surveys/missing-fields', 'Des réponses sont manquantes !'],
    ['surveys/already-answered', 'Tu as déjà répondu à ce sondage !'],
    ['http/internal', GENERIC],
  ])('%s reads %j', (code, message) => {
    expect(messageForCode(code)).toBe(message);
  });

  it('falls back to the code suffix plus a sad face', () => {
    expect(messageForCode('users/internal')).toBe('internal 🙁');
    expect(messageForCode('auth/too-many-requests')).toBe('too-many-requests 🙁');
    expect(messageForCode('a/b/c')).toBe('c 🙁');
    expect(messageForCode('no-area')).toBe('no-area 🙁');
  });

  it('does not read inherited properties as messages', () => {
    expect(messageForCode('constructor')).toBe('constructor 🙁');
    expect(messageForCode('__proto__')).toBe('__proto__ 🙁');
  });

  it('shows the generic error when there is no suffix to show', () => {
    expect(messageForCode('')).toBe(GENERIC);
    expect(messageForCode('users/')).toBe(GENERIC);
  });

  it('always gives a non-empty text', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        expect(messageForCode(code).trim()).not.toBe('');
      }),
    );
  });

  it('has a French message with every catalogue entry keyed <area>/<code>', () => {
    for (const [code, message] of Object.entries(errorCatalogue)) {
      expect(code).toMatch(/^[a-z][a-z-]*\/[a-z0-9-]+$/);
      expect(message.trim()).not.toBe('');
    }
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(errorCatalogue)).toBe(true);
  });
});

describe('REGISTER_STEP1_CODES', () => {
  it('holds the errors about step 1 fields', () => {
    expect([...REGISTER_STEP1_CODES].sort()).toEqual([
      'users/email-already-taken',
      'users/invalid-email',
      'users/invalid-password',
    ]);
    expect(REGISTER_STEP1_CODES.has('users/username-already-taken')).toBe(false);
  });
});

describe('surveyErrorMessage', () => {
  it.each([
    ['unauthorized', 'Connecte-toi pour répondre aux sondages'],
    ['Error: user unauthorized to answer', 'Connecte-toi pour répondre aux sondages'],
    ['UNAUTHORIZED', 'Connecte-toi pour répondre aux sondages'],
    ['missing fields: heard', 'Des réponses sont manquantes !'],
    ['Survey already answered', 'Tu as déjà répondu à ce sondage !'],
    ['', GENERIC],
    ['internal', GENERIC],
    ['missing field', GENERIC],
  ])('maps %j to %j', (serverMessage, message) => {
    expect(surveyErrorMessage(serverMessage)).toBe(message);
  });

  it('checks unauthorized first, then missing fields', () => {
    expect(surveyErrorMessage('unauthorized: missing fields')).toBe('Connecte-toi pour répondre aux sondages');
    expect(surveyErrorMessage('missing fields, already answered')).toBe('Des réponses sont manquantes !');
  });
});
