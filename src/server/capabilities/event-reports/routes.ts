import type { FastifyInstance } from 'fastify';
import type { WithProofOfWork } from '../../../shared/anti-bot';
import {
  EVENT_REPORT_ERROR_CODES,
  EVENT_REPORT_MAX_LENGTH,
  invalidEventReportFields,
  normalizeEventReport,
  todayIso,
  type EventReportPayload,
} from '../../../shared/event-reports';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { object, shape, string, text } from '../../platform/http/schema';
import { antiBotBodyField, requireProofOfWork } from '../../platform/anti-bot/index';
import { insertEventReport } from './queries';

/** Reports one address may send in ten minutes: a club listing its season, not a flood. */
const REPORTS_PER_WINDOW = 10;
const WINDOW_MS = 10 * 60_000;

// Schema bounds are generous (surrounding spaces, a pasted link); the shared rules decide.
const bounded = (field: keyof EventReportPayload) => string({ maxLength: EVENT_REPORT_MAX_LENGTH[field] * 2 + 20 });

/** Report an event (/go_with_calshare): anyone may send one, stored for the admin. */
export function eventReportRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const rateLimit = requestLimit(app, { name: 'event-reports', max: REPORTS_PER_WINDOW, timeWindow: WINDOW_MS });

  app.post<{ Body: WithProofOfWork<EventReportPayload> }>(
    '/api/event-reports',
    {
      schema: {
        body: object({
          eventName: bounded('eventName'),
          sport: bounded('sport'),
          date: bounded('date'),
          place: bounded('place'),
          link: bounded('link'),
          email: bounded('email'),
          ...antiBotBodyField,
        }, ['eventName', 'sport', 'date', 'place', 'link', 'email']),
        response: { 201: shape({ id: text }) },
      },
      onRequest: rateLimit,
      preHandler: requireProofOfWork(app),
    },
    async (request, reply) => {
      const [invalid] = invalidEventReportFields(request.body, todayIso());
      if (invalid) throw new AppError(400, EVENT_REPORT_ERROR_CODES[invalid]);
      const { id } = await insertEventReport(db, normalizeEventReport(request.body));
      return reply.code(201).send({ id });
    },
  );
}
