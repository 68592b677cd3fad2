/**
 * The two surveys of spec §3 as data: the form draws itself from these definitions and the
 * server validates answers against the same ones, so a question is described once.
 */

export const SURVEY_IDS = ['pre-use', 'post-use'] as const;
export type SurveyId = (typeof SURVEY_IDS)[number];

export const QUESTION_TYPES = ['text', 'yes-no', 'rating', 'single-choice', 'multiple-choices'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * A text question asked only for one answer: 'Autre' among the choices, or 'no' to a yes-no
 * question. The answer is then stored as `{ value, subValue }` (spec §3).
 */
interface FollowUp {
  /** The choice (for choice questions) or the yes-no answer that asks the follow-up. */
  when: string | boolean;
  description: string;
}

interface QuestionBase {
  id: string;
  description: string;
  mandatory: boolean;
  followUp?: FollowUp;
}

interface TextQuestion extends QuestionBase {
  type: 'text';
}

interface YesNoQuestion extends QuestionBase {
  type: 'yes-no';
  followUp?: FollowUp & { when: boolean };
}

interface RatingQuestion extends QuestionBase {
  type: 'rating';
}

export interface ChoiceQuestion extends QuestionBase {
  type: 'single-choice' | 'multiple-choices';
  choices: readonly string[];
  followUp?: FollowUp & { when: string };
}

export type SurveyQuestion = TextQuestion | YesNoQuestion | RatingQuestion | ChoiceQuestion;

export interface Survey {
  id: SurveyId;
  /** Page and results title. */
  title: string;
  questions: readonly SurveyQuestion[];
}

export const OTHER_CHOICE = 'Autre';

export const preUseSurvey: Survey = {
  id: 'pre-use',
  title: 'Questionnaire avant utilisation',
  questions: [
    {
      id: 'heard',
      type: 'multiple-choices',
      description: "Comment as-tu entendu parler de l'application ?",
      choices: ['Instagram', 'Événement', 'Bouche à oreille', 'YouTube', 'TikTok'],
      mandatory: true,
    },
    {
      id: 'reasons',
      type: 'multiple-choices',
      description: "Pour quelles raisons utiliserais-tu l'application ?",
      choices: [
        'Partager les frais de route',
        'Aller plus facilement aux événements sportifs',
        "Rencontrer d'autres passionnés de sport",
        'Réduire mon empreinte carbone',
        'Ne pas avoir de voiture ou de permis',
        'Éviter de conduire seul(e) sur de longs trajets',
        'Aller à des événements mal desservis par les transports en commun',
        'Éviter les soucis de stationnement sur place',
        'Suivre mon club ou mon équipe en déplacement',
        'Découvrir de nouveaux événements près de chez moi',
        'Voyager avec des membres vérifiés',
        OTHER_CHOICE,
      ],
      mandatory: true,
      followUp: { when: OTHER_CHOICE, description: 'Quelle autre raison ?' },
    },
    {
      id: 'wont-use',
      type: 'multiple-choices',
      description: "Qu'est-ce qui pourrait te freiner à utiliser l'application ?",
      choices: [
        "Rien, je suis prêt(e) à l'utiliser !",
        'Je préfère me déplacer par mes propres moyens',
        "Je n'ose pas voyager avec des inconnus",
        'Il y a trop peu de trajets près de chez moi',
        'Les horaires proposés ne me conviennent pas',
        'Le prix du trajet',
        OTHER_CHOICE,
      ],
      mandatory: true,
      followUp: { when: OTHER_CHOICE, description: 'Quel autre frein ?' },
    },
    {
      id: 'expectations',
      type: 'text',
      description: "Qu'attends-tu de l'application ?",
      mandatory: true,
    },
  ],
};

export const postUseSurvey: Survey = {
  id: 'post-use',
  title: 'Questionnaire après utilisation',
  questions: [
    {
      id: 'experience-rating',
      type: 'rating',
      description: "Quelle note donnes-tu à ton expérience avec l'application ?",
      mandatory: true,
    },
    {
      id: 'expectations',
      type: 'yes-no',
      description: "L'application a-t-elle répondu à tes attentes ?",
      mandatory: true,
      followUp: { when: false, description: "Qu'est-ce qui t'a manqué ?" },
    },
    {
      id: 'useful',
      type: 'yes-no',
      description: "As-tu trouvé l'application utile ?",
      mandatory: true,
    },
    {
      id: 'suggestion',
      type: 'text',
      description: 'Quelle amélioration nous suggères-tu ?',
      mandatory: true,
    },
    {
      id: 'word-of-mouth',
      type: 'yes-no',
      description: "Parlerais-tu de l'application autour de toi ?",
      mandatory: true,
      followUp: { when: false, description: 'Pourquoi pas ?' },
    },
  ],
};

export const SURVEYS: Readonly<Record<SurveyId, Survey>> = { 'pre-use': preUseSurvey, 'post-use': postUseSurvey };

export function isSurveyId(value: unknown): value is SurveyId {
  return typeof value === 'string' && (SURVEY_IDS as readonly string[]).includes(value);
}

/** Every question id of every survey: the closed set of keys a `responses` map may have. */
export const ALL_QUESTION_IDS: readonly string[] = [
  ...new Set(Object.values(SURVEYS).flatMap((survey) => survey.questions.map((question) => question.id))),
];
