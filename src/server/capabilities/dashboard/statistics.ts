import { sql, type Kysely } from 'kysely';
import {
  STATISTICS_RANKING_SIZE,
  STATISTICS_REACTION_DAYS,
  STATISTICS_WEEKS,
  type AdminStatistics,
} from '../../../shared/dashboard';
import { PARIS_TODAY } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';
import { membersByJoiningWeek } from '../accounts/index';
import { loadPublicSports, reactionsPerDay, suggestionsPerWeek } from '../sports/index';
import { answersPerWeek } from '../surveys/index';
import { wordsPerWeek } from '../words/index';

const DAY_MS = 86_400_000;

/** `date` (YYYY-MM-DD) moved by `days`: calendar dates, counted in UTC where no clock changes. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function datesFrom(first: string, count: number, stepDays: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i * stepDays));
}

/** The Monday of `date`'s week. */
function mondayOf(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** A figure per key, zero for a key no row has. */
function byKey<T>(rows: T[], key: (row: T) => string, value: (row: T) => number): (key: string) => number {
  const figures = new Map(rows.map((row) => [key(row), value(row)]));
  return (wanted) => figures.get(wanted) ?? 0;
}

/**
 * The figures of the admin's charts: each capability counts its own rows by week or day from
 * its indexes (SQL aggregates), and the weeks and days nothing happened in are filled here.
 */
export async function adminStatistics(db: Kysely<Database>): Promise<AdminStatistics> {
  const {
    rows: [{ today }],
  } = await sql<{ today: string }>`select ${PARIS_TODAY} as today`.execute(db);
  const weeks = datesFrom(addDays(mondayOf(today), -7 * (STATISTICS_WEEKS - 1)), STATISTICS_WEEKS, 7);
  const days = datesFrom(addDays(today, -(STATISTICS_REACTION_DAYS - 1)), STATISTICS_REACTION_DAYS, 1);
  const since = weeks[0];
  const [members, words, sports, answers, reactions, sportsList] = await Promise.all([
    membersByJoiningWeek(db, since),
    wordsPerWeek(db, since),
    suggestionsPerWeek(db, since),
    answersPerWeek(db, since),
    reactionsPerDay(db, days[0]),
    loadPublicSports(db),
  ]);

  const joined = new Map(members.weeks.map((row) => [row.week, row]));
  const wordsOf = byKey(
    words,
    (row) => row.week,
    (row) => row.words,
  );
  const sportsOf = byKey(
    sports,
    (row) => row.week,
    (row) => row.sports,
  );
  const answersOf = byKey(
    answers,
    (row) => `${row.survey} ${row.week}`,
    (row) => row.answers,
  );
  const reactionsOf = byKey(
    reactions,
    (row) => row.day,
    (row) => row.reactions,
  );

  const total = { ...members.before };
  return {
    countedAt: new Date().toISOString(),
    weeks: weeks.map((week) => {
      const { persons = 0, organisations = 0, verified = 0, newsletter = 0 } = joined.get(week) ?? {};
      total.persons += persons;
      total.organisations += organisations;
      total.verified += verified;
      total.newsletter += newsletter;
      return {
        week,
        persons,
        organisations,
        members: total.persons + total.organisations,
        verified: total.verified,
        newsletter: total.newsletter,
        words: wordsOf(week),
        sports: sportsOf(week),
        preUseAnswers: answersOf(`pre-use ${week}`),
        postUseAnswers: answersOf(`post-use ${week}`),
      };
    }),
    reactions: days.map((day) => ({ day, reactions: reactionsOf(day) })),
    ranking: sportsList
      .slice(0, STATISTICS_RANKING_SIZE)
      .map((sport) => ({
        name: sport.name,
        emoji: sport.emoji,
        love: sport.reactions.love,
        wow: sport.reactions.wow,
        no: sport.reactions.no,
      })),
  };
}
