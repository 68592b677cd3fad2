import { sql, type Kysely } from 'kysely';
import { AUDIENCE_KEEP_MONTHS, AUDIENCE_REPORT_DAYS, type AudienceReport } from '../../../shared/audience';
import type { Database } from '../../platform/db/schema';
import './tables';

// Days are France's, as the association reads them.
const TODAY = sql<string>`(now() at time zone 'Europe/Paris')::date`;

/** One view of `path`, added to today's total (one statement, whichever instance). */
export async function recordView(db: Kysely<Database>, path: string, referrer: string) {
  await db
    .insertInto('audience_daily')
    .values({ day: TODAY, path, referrer, visits: 1 })
    .onConflict((oc) => oc.columns(['day', 'path', 'referrer']).doUpdateSet({ visits: sql<number>`audience_daily.visits + 1` }))
    .execute();
}

const TOP = 10;

export async function audienceReport(db: Kysely<Database>): Promise<AudienceReport> {
  const since = sql<string>`${TODAY} - ${AUDIENCE_REPORT_DAYS - 1}::int`;
  const total = sql<string>`sum(visits)::text`;
  const [days, pages, referrers] = await Promise.all([
    db.selectFrom('audience_daily').select([sql<string>`day::text`.as('day'), total.as('visits')]).where('day', '>=', since).groupBy('day').orderBy('day').execute(),
    db.selectFrom('audience_daily').select(['path', total.as('visits')]).where('day', '>=', since).groupBy('path').orderBy(sql`sum(visits)`, 'desc').orderBy('path').limit(TOP).execute(),
    db
      .selectFrom('audience_daily')
      .select(['referrer', total.as('visits')])
      .where('day', '>=', since)
      .where('referrer', '<>', '')
      .groupBy('referrer')
      .orderBy(sql`sum(visits)`, 'desc')
      .orderBy('referrer')
      .limit(TOP)
      .execute(),
  ]);
  return {
    days: days.map((row) => ({ day: row.day, visits: Number(row.visits) })),
    pages: pages.map((row) => ({ path: row.path, visits: Number(row.visits) })),
    referrers: referrers.map((row) => ({ site: row.referrer, visits: Number(row.visits) })),
  };
}

/** The privacy policy's 13 months. */
export async function forgetOldAudience(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('audience_daily').where('day', '<', sql<string>`${TODAY} - interval '${sql.raw(String(AUDIENCE_KEEP_MONTHS))} months'`).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
