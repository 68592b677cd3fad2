import { describe, expect, it } from 'vitest';
import { ALL_QUESTION_IDS, OTHER_CHOICE, postUseSurvey, preUseSurvey, SURVEYS, type ChoiceQuestion } from './definitions';

const question = (id: string) => preUseSurvey.questions.find((entry) => entry.id === id) as ChoiceQuestion;

describe('the surveys of spec §3', () => {
  it('asks the pre-use questions, all mandatory', () => {
    expect(preUseSurvey.questions.map((entry) => [entry.id, entry.type, entry.mandatory])).toEqual([
      ['heard', 'multiple-choices', true],
      ['reasons', 'multiple-choices', true],
      ['wont-use', 'multiple-choices', true],
      ['expectations', 'text', true],
    ]);
    expect(question('heard').choices).toEqual(['Instagram', 'Événement', 'Bouche à oreille', 'YouTube', 'TikTok']);
  });

  it("offers 12 reasons and 7 obstacles, each list with 'Autre' and its follow-up", () => {
    expect(question('reasons').choices).toHaveLength(12);
    expect(question('reasons').choices.at(-1)).toBe(OTHER_CHOICE);
    expect(question('reasons').followUp).toEqual({ when: OTHER_CHOICE, description: 'Quelle autre raison ?' });
    expect(question('wont-use').choices).toHaveLength(7);
    expect(question('wont-use').choices.at(-1)).toBe(OTHER_CHOICE);
    expect(question('wont-use').followUp?.when).toBe(OTHER_CHOICE);
    for (const id of ['heard', 'reasons', 'wont-use'])
      expect(new Set(question(id).choices).size).toBe(question(id).choices.length);
  });

  it('asks the post-use questions, all mandatory, with follow-ups on a no', () => {
    expect(postUseSurvey.questions.map((entry) => [entry.id, entry.type, entry.mandatory, entry.followUp?.when])).toEqual([
      ['experience-rating', 'rating', true, undefined],
      ['expectations', 'yes-no', true, false],
      ['useful', 'yes-no', true, undefined],
      ['suggestion', 'text', true, undefined],
      ['word-of-mouth', 'yes-no', true, false],
    ]);
  });

  it('gives each question a unique id within its survey, and lists them all', () => {
    for (const survey of Object.values(SURVEYS)) {
      const ids = survey.questions.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(ALL_QUESTION_IDS).toContain(id);
    }
  });
});
