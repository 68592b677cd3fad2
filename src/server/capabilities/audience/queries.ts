import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AUDIENCE_KEEP_MONTHS, AUDIENCE_REFERRERS_PER_DAY, AUDIENCE_REPORT_DAYS, OTHER_REFERRERS, type AudienceReport } from '../../../shared/audience';
import type { Database } from '../../platform/db/schema';
import './tables';

// Days are France's, as the association reads them.
const TODAY = sql<string>`(now() at time zone 'Europe/Paris')::date`;

/** One view of `path`, added to today's total for `referrer` (one statement, whichever instance). */
function addView(db: Kysely<Database>, path: string, referrer: string | RawBuilder<string>) {
  return db
    .insertInto('audience_daily')
    .values({ day: TODAY, path, referrer, visits: 1 })
    .onConflict((oc) => oc.columns(['day', 'path', 'referrer']).doUpdateSet({ visits: sql<number>`audience_daily.visits + 1` }))
    .execute();
}

/**
 * One view of `path`. A referring site new to the day takes one of its AUDIENCE_REFERRERS_PER_DAY
 * places while one is left, or else counts as OTHER_REFERRERS; a lock lets one such view at a
 * time choose, whichever instance takes it, so two new sites cannot both take the last place
 * (a lock that ends with the transaction holds behind a pooler too, decision 0048).
 */
export async function recordView(db: Kysely<Database>, path: string, referrer: string) {
  if (!referrer) {
    await addView(db, path, '');
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('unissons-audience-referrers'))`.execute(trx);
    const known = sql`exists (select 1 from audience_daily where day = ${TODAY} and referrer = ${referrer})`;
    const placesTaken = sql`(select count(distinct referrer) from audience_daily where day = ${TODAY} and referrer not in ('', ${OTHER_REFERRERS}))`;
    await addView(trx, path, sql<string>`case when ${known} or ${placesTaken} < ${AUDIENCE_REFERRERS_PER_DAY} then ${referrer} else ${OTHER_REFERRERS} end`);
  });
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
