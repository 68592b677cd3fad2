import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { boolean, shape } from '../http/schema';

export function healthRoutes(app: FastifyInstance, db: Kysely<Database>) {
  app.get('/api/health', { schema: { response: { 200: shape({ ok: boolean }) } } }, async () => {
    await sql`select 1`.execute(db);
    return { ok: true };
  });
}
