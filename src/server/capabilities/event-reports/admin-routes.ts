import type { FastifyInstance } from 'fastify';
import type { EventReportsResponse } from '../../../shared/event-reports';
import { dateTime, listOf, shape, text } from '../../platform/http/schema';
import { latestEventReports } from './queries';

/** `EventReportsResponse`; the event's `date` is a day, YYYY-MM-DD. */
const reports = shape({
  reports: listOf(shape({ id: text, eventName: text, sport: text, date: text, place: text, link: text, email: text, createdAt: dateTime })),
});

export function eventReportAdminRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/event-reports', { schema: { response: { 200: reports } } }, async (): Promise<EventReportsResponse> => {
    const rows = await latestEventReports(db);
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
