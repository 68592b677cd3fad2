import { describe, expect, it } from 'vitest';
import { RATING_VALUES, SURVEY_TEXT_MAX_LENGTH } from './answers';
import { OTHER_CHOICE, postUseSurvey, preUseSurvey, type Survey } from './definitions';
import { checkSurveyResponses, surveyCheckError } from './validation';

/** A survey with one question of each type, some optional, to test every rule alone. */
const everyType: Survey = {
  id: 'pre-use',
  title: 'Test',
  questions: [
    { id: 'text', type: 'text', description: 'Texte', mandatory: true },
    { id: 'yes-no', type: 'yes-no', description: 'Oui ou non', mandatory: true },
    { id: 'rating', type: 'rating', description: 'Note', mandatory: true },
    {
      id: 'single',
      type: 'single-choice',
      description: 'Un choix',
      choices: ['Vélo', 'Course', OTHER_CHOICE],
      mandatory: true,
      followUp: { when: OTHER_CHOICE, description: 'Lequel ?' },
    },
    { id: 'multiple', type: 'multiple-choices', description: 'Plusieurs', choices: ['A', 'B', 'C'], mandatory: true },
    { id: 'optional', type: 'text', description: 'Facultatif', mandatory: false },
    {
      id: 'optional-no',
      type: 'yes-no',
      description: 'Facultatif',
      mandatory: false,
      followUp: { when: false, description: 'Pourquoi ?' },
    },
  ],
};

const complete = {
  text: 'Bonjour',
  'yes-no': true,
  rating: 3.5,
  single: { value: 'Vélo' },
  multiple: ['A'],
};

function problemOf(question: string, answer: unknown) {
  return checkSurveyResponses(everyType, { ...complete, [question]: answer }).problems[question];
}

function storedAs(question: string, answer: unknown) {
  const check = checkSurveyResponses(everyType, { ...complete, [question]: answer });
  expect(check.problems).toEqual({});
  return check.responses[question];
}

describe('the answers of a survey (spec §5)', () => {
  it('accepts a complete set of answers, as stored', () => {
    const check = checkSurveyResponses(everyType, complete);
    expect(check.problems).toEqual({});
    expect(check.responses).toEqual(complete);
    expect(surveyCheckError(check)).toBeUndefined();
  });

  it('reports every unanswered mandatory question as missing, and nothing else', () => {
    const check = checkSurveyResponses(everyType, {});
    expect(check.problems).toEqual({
      text: 'missing',
      'yes-no': 'missing',
      rating: 'missing',
      single: 'missing',
      multiple: 'missing',
    });
    expect(surveyCheckError(check)).toBe('missing-fields');
    expect(checkSurveyResponses(everyType, null).problems).toEqual(check.problems);
  });

  it('leaves out an unanswered optional question', () => {
    expect(checkSurveyResponses(everyType, complete).responses).not.toHaveProperty('optional');
    expect(storedAs('optional', '  ')).toBeUndefined();
  });

  describe('text', () => {
    it('is trimmed, and blank is no answer', () => {
      expect(storedAs('text', '  Du covoiturage simple  ')).toBe('Du covoiturage simple');
      expect(problemOf('text', '   \n ')).toBe('missing');
      expect(problemOf('text', '')).toBe('missing');
      expect(problemOf('text', null)).toBe('missing');
    });

    it(`holds at most ${SURVEY_TEXT_MAX_LENGTH} characters, and only text`, () => {
      expect(storedAs('text', 'a'.repeat(SURVEY_TEXT_MAX_LENGTH))).toHaveLength(SURVEY_TEXT_MAX_LENGTH);
      expect(problemOf('text', 'a'.repeat(SURVEY_TEXT_MAX_LENGTH + 1))).toBe('invalid');
      expect(problemOf('text', 42)).toBe('invalid');
      expect(problemOf('text', ['a'])).toBe('invalid');
    });
  });

  describe('yes-no', () => {
    it('is exclusive: true or false', () => {
      expect(storedAs('yes-no', true)).toBe(true);
      expect(storedAs('yes-no', false)).toBe(false);
      expect(problemOf('yes-no', undefined)).toBe('missing');
      for (const wrong of ['oui', 1, [true, false], { value: true }]) expect(problemOf('yes-no', wrong)).toBe('invalid');
    });
  });

  describe('rating', () => {
    it('takes 0 to 5 by steps of 0.5, zero included', () => {
      expect(RATING_VALUES).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
      for (const rating of RATING_VALUES) expect(storedAs('rating', rating)).toBe(rating);
    });

    it('refuses anything else', () => {
      for (const wrong of [-0.5, 5.5, 0.25, 4.1, Number.NaN, Number.POSITIVE_INFINITY, '3', true]) {
        expect(problemOf('rating', wrong), String(wrong)).toBe('invalid');
      }
      expect(problemOf('rating', undefined)).toBe('missing');
    });
  });

  describe('single choice', () => {
    it('is one of the listed choices', () => {
      expect(storedAs('single', { value: 'Course' })).toEqual({ value: 'Course' });
      expect(problemOf('single', { value: 'Natation' })).toBe('invalid');
      expect(problemOf('single', { value: ['Course'] })).toBe('invalid');
      expect(problemOf('single', { value: '' })).toBe('missing');
    });
  });

  describe('multiple choices', () => {
    it('is a toggled list: duplicates merged, kept in the listed order', () => {
      expect(storedAs('multiple', ['C', 'A', 'C'])).toEqual(['A', 'C']);
    });

    it('needs at least one choice, all listed', () => {
      expect(problemOf('multiple', [])).toBe('missing');
      expect(problemOf('multiple', ['A', 'Z'])).toBe('invalid');
      expect(problemOf('multiple', 'A')).toBe('invalid');
      expect(problemOf('multiple', [1])).toBe('invalid');
    });
  });

  describe('follow-ups, stored as {value, subValue}', () => {
    it("asks the follow-up of 'Autre' and keeps its trimmed text", () => {
      expect(problemOf('single', { value: OTHER_CHOICE })).toBe('missing-follow-up');
      expect(problemOf('single', { value: OTHER_CHOICE, subValue: '  ' })).toBe('missing-follow-up');
      expect(storedAs('single', { value: OTHER_CHOICE, subValue: ' Escalade ' })).toEqual({
        value: OTHER_CHOICE,
        subValue: 'Escalade',
      });
      expect(surveyCheckError(checkSurveyResponses(everyType, { ...complete, single: { value: OTHER_CHOICE } }))).toBe(
        'missing-fields',
      );
    });

    it('drops a follow-up text that was not asked', () => {
      expect(storedAs('single', { value: 'Vélo', subValue: 'reste du formulaire' })).toEqual({ value: 'Vélo' });
    });

    it("asks a yes-no question's follow-up for its answer only", () => {
      expect(problemOf('optional-no', { value: false })).toBe('missing-follow-up');
      expect(storedAs('optional-no', { value: false, subValue: 'Trop cher' })).toEqual({ value: false, subValue: 'Trop cher' });
      expect(storedAs('optional-no', { value: true, subValue: 'oublié' })).toEqual({ value: true });
      // Unanswered optional question: its follow-up is not asked either.
      expect(storedAs('optional-no', { value: undefined, subValue: 'x' })).toBeUndefined();
    });

    it('refuses another shape', () => {
      expect(problemOf('single', 'Vélo')).toBe('invalid');
      expect(problemOf('single', { value: 'Vélo', other: 1 })).toBe('invalid');
      expect(problemOf('single', { value: OTHER_CHOICE, subValue: 7 })).toBe('invalid');
      expect(problemOf('single', { value: OTHER_CHOICE, subValue: 'a'.repeat(SURVEY_TEXT_MAX_LENGTH + 1) })).toBe('invalid');
    });
  });

  it('refuses a question the survey does not ask, and names invalid answers before missing ones', () => {
    const check = checkSurveyResponses(everyType, { ...complete, text: '', intrus: 'x' });
    expect(check.problems).toEqual({ text: 'missing', intrus: 'invalid' });
    expect(surveyCheckError(check)).toBe('invalid-answers');
  });

  it('checks the real surveys the same way', () => {
    const preUse = checkSurveyResponses(preUseSurvey, {
      heard: ['TikTok', 'Instagram'],
      reasons: { value: ['Partager les frais de route', OTHER_CHOICE], subValue: 'Covoiturer avec mon club' },
      'wont-use': { value: ['Le prix du trajet'] },
      expectations: 'Trouver un trajet pour le marathon',
    });
    expect(preUse.problems).toEqual({});
    expect(preUse.responses.heard).toEqual(['Instagram', 'TikTok']);

    const postUse = checkSurveyResponses(postUseSurvey, {
      'experience-rating': 4.5,
      expectations: { value: false },
      useful: true,
      suggestion: 'Une carte des trajets',
      'word-of-mouth': { value: true },
    });
    expect(postUse.problems).toEqual({ expectations: 'missing-follow-up' });
  });
});
