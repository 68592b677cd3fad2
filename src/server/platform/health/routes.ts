import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function healthRoutes(app: FastifyInstance, db: Kysely<Database>) {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(db);
    return { ok: true };
  });
}
