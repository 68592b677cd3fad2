import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { RouteGroups } from './http/route-groups';
import type { PageFamily, PagePart } from './http/page-parts';
import type { Metric } from 'prom-client';
import type { Job } from './jobs/scheduler';

/**
 * One category of the daily retention run (platform/jobs/retention.ts): removes, or makes
 * anonymous, what is past its period in the privacy policy, and says how many rows. A plain
 * DELETE or UPDATE, so two instances running it at once only find less to do.
 */
export type RetentionStep = (db: Kysely<Database>) => Promise<number>;

/** A capability as the app assembles it: its routes by group, its jobs, and its part of the daily retention run. */
export interface Capability extends RouteGroups {
  /** Its background jobs, started with the others by the server (main.ts), not by tests' apps. */
  jobs?: (app: FastifyInstance) => Job[];
  /** Run in the order of the app's capabilities, then of this record. */
  retention?: Record<string, RetentionStep>;
  /** What a fresh site starts with: run by every app as it is built, leaving what is already there alone. */
  seed?: (db: Kysely<Database>) => Promise<void>;
  /** What the server writes into its prerendered pages for browsers without JavaScript. */
  pageParts?: (app: FastifyInstance) => PagePart[];
  /** What it measures for /metrics (made with `registers: []`), asked only when METRICS_TOKEN is set. */
  metrics?: (app: FastifyInstance) => Metric[];
  /** Pages it writes whole from a prerendered shell, under one address (page-parts.ts). */
  pageFamilies?: (app: FastifyInstance) => PageFamily[];
}

/** Rows a Kysely DELETE or UPDATE touched. */
export const rowsTouched = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);
