import { sql, type Kysely } from 'kysely';
import type { EventReportPayload } from '../../../shared/event-reports';
import type { Database } from '../../platform/db/schema';

/** The newest reports are the ones to act on; older ones stay in the database. */
const LIST_LIMIT = 500;

/** A visitor's report, already checked and normalised; its id. */
export async function insertEventReport(db: Kysely<Database>, report: EventReportPayload): Promise<{ id: string }> {
  return db
    .insertInto('event_reports')
    .values({
      event_name: report.eventName,
      sport: report.sport,
      event_date: report.date,
      place: report.place,
      link: report.link,
      email: report.email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The newest reports first, for the admin. */
export async function latestEventReports(db: Kysely<Database>) {
  return db
    .selectFrom('event_reports')
    .select([
      'id',
      'event_name',
      'sport',
      // As text: a `date` read through a JavaScript Date could shift a day with the time zone.
      sql<string>`event_date::text`.as('event_date'),
      'place',
      'link',
      'email',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(LIST_LIMIT)
    .execute();
}

/** How many events were reported, for the admin's home page. */
export async function countEventReports(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('event_reports').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
