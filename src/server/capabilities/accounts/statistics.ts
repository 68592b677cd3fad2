import { sql, type Kysely } from 'kysely';
import { parisMidnight, parisWeek } from '../../platform/db/calendar';
import type { Database } from '../../platform/db/schema';

/**
 * Members counted by kind, with those whose address is verified and those who take the
 * newsletter with a verified address (whom it is sent to), as they are today.
 */
export interface MemberCounts {
  persons: number;
  organisations: number;
  verified: number;
  newsletter: number;
}

const counts = {
  persons: sql<string>`count(*) filter (where account_type = 'user')::text`,
  organisations: sql<string>`count(*) filter (where account_type = 'organisation')::text`,
  verified: sql<string>`count(*) filter (where email_verified_at is not null)::text`,
  newsletter: sql<string>`count(*) filter (where newsletter and email_verified_at is not null)::text`,
};

const countColumns = [
  counts.persons.as('persons'),
  counts.organisations.as('organisations'),
  counts.verified.as('verified'),
  counts.newsletter.as('newsletter'),
];

const toCounts = (row: Record<keyof MemberCounts, string>): MemberCounts => ({
  persons: Number(row.persons),
  organisations: Number(row.organisations),
  verified: Number(row.verified),
  newsletter: Number(row.newsletter),
});

/**
 * The members who joined before `since` (a Monday), and those who joined each Paris week from
 * it. The users_joined index carries every column counted, so a count reads it alone (an
 * index-only scan) rather than the accounts' wide rows, but when most accounts joined within
 * the period, where PostgreSQL judges reading the table in one sweep cheaper. Either way every
 * account of the period is counted: a million take seconds, which is why the dashboard keeps
 * the count five minutes.
 */
export async function membersByJoiningWeek(
  db: Kysely<Database>,
  since: string,
): Promise<{ before: MemberCounts; weeks: (MemberCounts & { week: string })[] }> {
  const start = parisMidnight(since);
  const [before, weeks] = await Promise.all([
    db
      .selectFrom('users')
      .select(countColumns)
      .where('created_at', '<', start)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select([parisWeek('created_at').as('week'), ...countColumns])
      .where('created_at', '>=', start)
      .groupBy(sql`1`)
      .execute(),
  ]);
  return { before: toCounts(before), weeks: weeks.map((row) => ({ week: row.week, ...toCounts(row) })) };
}
