import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connection';

/** Start-up stops with this message: live notices would never reach the other instances' pages. */
export class NoticesUndelivered extends Error {}

/** Long enough for a loaded server; a direct connection hears its notice within milliseconds. */
const WAIT_MS = 5_000;

/**
 * Sends a notice the way the site sends every change (NOTIFY through the pool) and waits for
 * it on the LISTEN connection. Through a pooler in transaction mode, LISTEN holds no server
 * connection of its own: the notice never comes, and every page would stay stale without any
 * error. Such a configuration is refused at start-up rather than found out by visitors.
 */
export async function checkNoticesArrive(database: DatabaseHandle, waitMs = WAIT_MS): Promise<void> {
  if (database.mode !== 'postgres') return;
  const channel = `unissons_check_${randomBytes(6).toString('hex')}`;
  const payload = randomBytes(12).toString('hex');
  let heard!: () => void;
  const arrived = new Promise<boolean>((resolve) => (heard = () => resolve(true)));
  const stop = await database.listen(channel, (received) => received === payload && heard());
  let timer: NodeJS.Timeout | undefined;
  try {
    await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
    if (!(await Promise.race([arrived, timedOut]))) {
      throw new NoticesUndelivered(
        `un avis envoyé par DATABASE_URL n'est pas arrivé en ${waitMs / 1000} s sur la connexion qui écoute (LISTEN) : ` +
          "les pages ouvertes ne verraient pas les changements. Derrière un pooler de connexions en mode transaction (PgBouncer, l'URL « pooled » d'un hébergeur), " +
          'donne dans DATABASE_LISTEN_URL la connexion directe à la même base (docs/deploy.md, « Plusieurs instances »).',
      );
    }
  } finally {
    clearTimeout(timer);
    await stop();
  }
}
