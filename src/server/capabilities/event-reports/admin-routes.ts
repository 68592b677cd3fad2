import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { EventReportsResponse } from '../../../shared/event-reports';
import { dateTime, listOf, shape, text } from '../../platform/http/schema';

/** The newest reports are the ones to act on; older ones stay in the database. */
const LIST_LIMIT = 500;

/** `EventReportsResponse`; the event's `date` is a day, YYYY-MM-DD. */
const reports = shape({
  reports: listOf(shape({ id: text, eventName: text, sport: text, date: text, place: text, link: text, email: text, createdAt: dateTime })),
});

export function eventReportAdminRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/event-reports', { schema: { response: { 200: reports } } }, async (): Promise<EventReportsResponse> => {
    const rows = await db
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
    return {
      reports: rows.map((row) => ({
        id: row.id,
        eventName: row.event_name,
        sport: row.sport,
        date: row.event_date,
        place: row.place,
        link: row.link,
        email: row.email,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });
}
