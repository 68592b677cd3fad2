import { describe, expect, it } from 'vitest';
import {
  invalidEventReportFields,
  isValidEventDate,
  isValidEventLink,
  normalizeEventLink,
  normalizeEventReport,
  todayIso,
  type EventReportPayload,
} from './event-reports';

const TODAY = '2025-06-10';
const report: EventReportPayload = {
  eventName: 'Trail des Crêtes',
  sport: 'Trail',
  date: '2025-09-14',
  place: 'Gérardmer',
  link: 'https://trail.example.fr',
  email: '',
};

describe('event date', () => {
  it.each([
    ['today', '2025-06-10', true],
    ['yesterday (time zones)', '2025-06-09', true],
    ['two days ago', '2025-06-08', false],
    ['three years ahead', '2028-06-10', true],
    ['past three years ahead', '2028-06-11', false],
    ['a day that does not exist', '2025-02-30', false],
    ['29 February of a leap year', '2028-02-29', true],
    ['another format', '14/09/2025', false],
    ['empty', '', false],
  ])('%s', (_case, date, valid) => {
    expect(isValidEventDate(date, TODAY)).toBe(valid);
  });
});

describe('event link', () => {
  it('adds https:// to a bare address', () => {
    expect(normalizeEventLink(' www.club.fr/match ')).toBe('https://www.club.fr/match');
    expect(normalizeEventLink('http://club.fr')).toBe('http://club.fr');
  });

  it.each([
    ['https://www.club.fr/billetterie', true],
    ['www.instagram.com/trail_des_cretes', true],
    ['club.fr', true],
    ['javascript:alert(1)', false],
    ['ftp://club.fr', false],
    ['https://localhost', false],
    ['https://club .fr', false],
    ['', false],
  ])('%s → %s', (link, valid) => {
    expect(isValidEventLink(link)).toBe(valid);
  });
});

describe('a whole report', () => {
  it('is valid with no e-mail, and tells each broken field in form order', () => {
    expect(invalidEventReportFields(report, TODAY)).toEqual([]);
    expect(invalidEventReportFields({ ...report, sport: ' ', email: 'pas-un-mail', date: '2020-01-01' }, TODAY)).toEqual(['sport', 'date', 'email']);
  });

  it('refuses names over their limit and control characters', () => {
    expect(invalidEventReportFields({ ...report, eventName: 'x'.repeat(121) }, TODAY)).toEqual(['eventName']);
    expect(invalidEventReportFields({ ...report, place: 'Stade\u202e' }, TODAY)).toEqual(['place']);
  });

  it('is stored trimmed, with its link completed and its e-mail lower-cased', () => {
    expect(normalizeEventReport({ ...report, eventName: ' Trail ', link: 'club.fr', email: ' Orga@Club.FR ' })).toEqual({
      ...report,
      eventName: 'Trail',
      link: 'https://club.fr',
      email: 'orga@club.fr',
    });
  });

  it('writes today in local time', () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});
