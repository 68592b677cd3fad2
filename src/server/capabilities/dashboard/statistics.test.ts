import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_REACTION_DAYS, STATISTICS_WEEKS, type AdminStatistics } from '../../../shared/dashboard';
import { registerAdmin, registerMember, registerModerator, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { adminStatistics } from './statistics';

/** The figures' change from `before` to `after`, week by week (only the weeks that changed). */
function weeklyChange(before: AdminStatistics, after: AdminStatistics, figure: keyof AdminStatistics['weeks'][number]) {
  const changes: Record<string, number> = {};
  after.weeks.forEach((week, i) => {
    const change = Number(week[figure]) - Number(before.weeks[i][figure]);
    if (change !== 0) changes[week.week] = change;
  });
  return changes;
}

describe('the dashboard’s figures (GET /api/admin/statistics)', () => {
  const test = setUpTestApp();
  let admin: TestMember;

  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  const statistics = (cookie?: string) =>
    test.app.inject({ method: 'GET', url: '/api/admin/statistics', headers: cookie ? { cookie } : {} });

  it('is for admins only', async () => {
    const [member, moderator] = await Promise.all([registerMember(test.app), registerModerator(test.app, test.database)]);
    expect((await statistics()).statusCode).toBe(401);
    expect((await statistics(member.cookie)).statusCode).toBe(403);
    expect((await statistics(moderator.cookie)).statusCode).toBe(403);
    const answer = await statistics(admin.cookie);
    expect(answer.statusCode).toBe(200);
    // Counted once for a few minutes: the next answer is the same count.
    expect((await statistics(admin.cookie)).json<AdminStatistics>().countedAt).toBe(answer.json<AdminStatistics>().countedAt);
  });

  it('covers the last 52 weeks from Monday to Monday and the last 90 days, today last', async () => {
    const { weeks, reactions } = await adminStatistics(test.database.db);
    const {
      rows: [{ today }],
    } = await sql<{ today: string }>`select (now() at time zone 'Europe/Paris')::date::text as today`.execute(test.database.db);
    expect(weeks).toHaveLength(STATISTICS_WEEKS);
    expect(reactions).toHaveLength(STATISTICS_REACTION_DAYS);
    expect(reactions.at(-1)?.day).toBe(today);
    for (const { week } of weeks) expect(new Date(`${week}T12:00:00Z`).getUTCDay()).toBe(1);
    weeks.slice(1).forEach(({ week }, i) => expect(Date.parse(week) - Date.parse(weeks[i].week)).toBe(7 * 86_400_000));
    const lastMonday = weeks.at(-1)!.week;
    expect(today >= lastMonday && Date.parse(today) - Date.parse(lastMonday) < 7 * 86_400_000).toBe(true);
  });

  it('counts members, words, suggestions, answers and reactions in the Paris week or day they came', async () => {
    const { db } = test.database;
    const before = await adminStatistics(db);
    const { week: monday } = before.weeks[STATISTICS_WEEKS - 3];
    const { week: previousMonday } = before.weeks[STATISTICS_WEEKS - 4];
    const at = (date: string, time: string) => sql<Date>`(${date}::date + ${time}::time) at time zone 'Europe/Paris'`;
    // Half past midnight on a Monday in Paris is still Sunday in UTC: the Monday's week all the same.
    const mondayNight = at(monday, '00:30');
    const sundayNight = sql<Date>`(${monday}::date - 1 + '23:30'::time) at time zone 'Europe/Paris'`;
    const member = (
      suffix: string,
      type: 'user' | 'organisation',
      createdAt: unknown,
      verified: boolean,
      newsletter: boolean,
    ) => ({
      email: `statistiques-${suffix}@exemple.fr`,
      username: `statistiques-${suffix}`,
      account_type: type,
      password_hash: 'x',
      newsletter,
      email_verified_at: verified ? new Date() : null,
      created_at: createdAt as Date,
    });
    const inserted = await db
      .insertInto('users')
      .values([
        member('a', 'user', mondayNight, true, true),
        member('b', 'user', mondayNight, true, false),
        member('c', 'organisation', mondayNight, false, true),
        member('d', 'user', sundayNight, false, false),
        // Two years ago: among all the members, in no week's joins.
        member('e', 'user', sql`now() - interval '2 years'`, true, true),
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('words')
      .values([
        { author_id: inserted[0].id, content: 'Allez !', created_at: mondayNight },
        { author_id: inserted[1].id, content: 'Bravo !', created_at: sundayNight },
      ])
      .execute();
    await db
      .insertInto('sports')
      .values({ id: 'statistiques', name: 'Statistiques', duplicate_key: 'statistiques', public: true, created_at: mondayNight })
      .execute();
    await db
      .insertInto('survey_answers')
      .values([
        { survey_id: 'pre-use', responses: '{}', answered_on: monday },
        { survey_id: 'pre-use', responses: '{}', answered_on: monday },
        { survey_id: 'post-use', responses: '{}', answered_on: sql`${monday}::date - 1` },
      ] as never)
      .execute();
    const yesterday = before.reactions.at(-2)!.day;
    await db
      .insertInto('sport_reactions')
      .values([
        { sport_id: 'statistiques', user_id: inserted[0].id, reaction: 'love', created_at: at(yesterday, '00:10') as never },
        { sport_id: 'statistiques', user_id: inserted[1].id, reaction: 'wow', created_at: at(yesterday, '23:50') as never },
        // Older than the chart's 90 days.
        {
          sport_id: 'statistiques',
          user_id: inserted[2].id,
          reaction: 'love',
          created_at: sql`now() - interval '100 days'` as never,
        },
      ])
      .execute();

    const after = await adminStatistics(db);
    expect(weeklyChange(before, after, 'persons')).toEqual({ [monday]: 2, [previousMonday]: 1 });
    expect(weeklyChange(before, after, 'organisations')).toEqual({ [monday]: 1 });
    const sinceMonday = Object.fromEntries(after.weeks.filter(({ week }) => week >= monday).map(({ week }) => [week, 4]));
    const sincePrevious = Object.fromEntries(
      after.weeks.filter(({ week }) => week >= previousMonday).map(({ week }) => [week, 1]),
    );
    // Every member: the one who joined two years ago in each week, then each at their week.
    expect(weeklyChange(before, after, 'members')).toEqual(
      Object.fromEntries(
        after.weeks.map(({ week }) => [
          week,
          1 + (sincePrevious[week] ?? 0) + (sinceMonday[week] ?? 0) - (week >= monday ? 1 : 0),
        ]),
      ),
    );
    expect(weeklyChange(before, after, 'verified')).toEqual(
      Object.fromEntries(after.weeks.map(({ week }) => [week, week >= monday ? 3 : 1])),
    );
    // The newsletter goes to verified addresses only: the organisation's is not.
    expect(weeklyChange(before, after, 'newsletter')).toEqual(
      Object.fromEntries(after.weeks.map(({ week }) => [week, week >= monday ? 2 : 1])),
    );
    expect(weeklyChange(before, after, 'words')).toEqual({ [monday]: 1, [previousMonday]: 1 });
    expect(weeklyChange(before, after, 'sports')).toEqual({ [monday]: 1 });
    expect(weeklyChange(before, after, 'preUseAnswers')).toEqual({ [monday]: 2 });
    expect(weeklyChange(before, after, 'postUseAnswers')).toEqual({ [previousMonday]: 1 });
    expect(after.reactions.at(-2)!.reactions - before.reactions.at(-2)!.reactions).toBe(2);
    expect(
      after.reactions.reduce((sum, day) => sum + day.reactions, 0) -
        before.reactions.reduce((sum, day) => sum + day.reactions, 0),
    ).toBe(2);
    // The ranking is the vote page's: every reaction counts, the old one too.
    expect(after.ranking.find((sport) => sport.name === 'Statistiques')).toEqual({
      name: 'Statistiques',
      emoji: '',
      love: 2,
      wow: 1,
      no: 0,
    });
  });
});
