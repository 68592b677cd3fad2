import type { FastifyInstance } from 'fastify';
import { SurveyResultsReader } from './results';

const readers = new WeakMap<object, SurveyResultsReader>();

/**
 * The app's one reader of survey results: the admin's routes read through it, the submit
 * route tells it of each answer (both are registered in route groups of their own).
 */
export function surveyResultsReader(app: FastifyInstance): SurveyResultsReader {
  let reader = readers.get(app.database);
  if (!reader) readers.set(app.database, (reader = new SurveyResultsReader(app.database.db)));
  return reader;
}
