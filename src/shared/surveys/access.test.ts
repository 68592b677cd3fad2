import { describe, expect, it } from 'vitest';
import { surveyErrorMessage } from '../messages';
import { hasAnswered, isSurveyOpenTo, surveyReservedCode } from './access';
import { formatEuros, isValidBonusAmount, parseBonusAmount } from './bonus-amount';
import { formatRating } from './answers';

describe('who may answer (spec §4)', () => {
  it('opens pre-use before any trip and post-use after one', () => {
    expect(isSurveyOpenTo('pre-use', [])).toBe(true);
    expect(isSurveyOpenTo('pre-use', ['trajet-1'])).toBe(false);
    expect(isSurveyOpenTo('post-use', [])).toBe(false);
    expect(isSurveyOpenTo('post-use', ['trajet-1', 'trajet-2'])).toBe(true);
    expect(surveyReservedCode('pre-use')).toBe('surveys/pre-use-reserved');
    expect(surveyReservedCode('post-use')).toBe('surveys/post-use-reserved');
  });

  it('reads "already answered" from the surveys map', () => {
    expect(hasAnswered({ 'pre-use': true }, 'pre-use')).toBe(true);
    expect(hasAnswered({ 'pre-use': true }, 'post-use')).toBe(false);
    expect(hasAnswered({}, 'pre-use')).toBe(false);
  });
});

describe('the submit errors of spec §8, read from our error codes', () => {
  it.each([
    ['surveys/unauthorized', 'Connecte-toi pour répondre aux sondages'],
    ['http/unauthorized', 'Connecte-toi pour répondre aux sondages'],
    ['surveys/missing-fields', 'Des réponses sont manquantes !'],
    ['surveys/already-answered', 'Tu as déjà répondu à ce sondage !'],
    ['surveys/invalid-answers', 'Une erreur est survenue, essaye à nouveau ou contacte nous !'],
    ['http/network', 'Une erreur est survenue, essaye à nouveau ou contacte nous !'],
  ])('%s reads %j', (code, message) => {
    expect(surveyErrorMessage(code)).toBe(message);
  });
});

describe('the bonus amount', () => {
  it('is 0 to 1000 euros, cents at most', () => {
    for (const amount of [0, 5, 7.5, 12.99, 1000]) expect(isValidBonusAmount(amount), String(amount)).toBe(true);
    for (const amount of [-1, 1000.01, 5.555, Number.NaN, '5']) expect(isValidBonusAmount(amount), String(amount)).toBe(false);
  });

  it('reads what the admin types, comma or point', () => {
    expect(parseBonusAmount('5')).toBe(5);
    expect(parseBonusAmount(' 7,50 € ')).toBe(7.5);
    expect(parseBonusAmount('7.5')).toBe(7.5);
    for (const text of ['', 'cinq', '-3', '1001', '5,555', '5,']) expect(parseBonusAmount(text), text).toBeUndefined();
  });

  it('is written the French way', () => {
    expect(formatEuros(5)).toBe('5\u00a0€');
    expect(formatEuros(7.5)).toBe('7,50\u00a0€');
  });
});

describe('a rating', () => {
  it('is spoken as "n sur 5"', () => {
    expect(formatRating(3.5)).toBe('3,5 sur 5');
    expect(formatRating(0)).toBe('0 sur 5');
  });
});
